/**
 * The statement a MongoDB span records: the command's fields and, one level down, the fields of its
 * objects (a filter's, a sort's, an update's), every value masked as "?" and every array shown as its
 * length. The instrumentation's default masks the same values but walks the whole command — every
 * document of an insert or a bulk write — which was ~3 % of economy's CPU under load
 * (docs/benchmarks.md, "Caller tokens and database statements").
 */
export function maskedStatement(command: Record<string, unknown>): string {
  return JSON.stringify(mask(command, 2));
}

function mask(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (depth === 0 || !isPlainObject(value)) return '?';
  const masked: Record<string, unknown> = {};
  for (const key of Object.keys(value)) masked[key] = mask(value[key], depth - 1);
  return masked;
}

/** Only plain objects have fields to show: ObjectId, Long, Date, Buffer and the like are values. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
