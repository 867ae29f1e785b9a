// AC amounts cross the API as decimal numbers (or strings) and the gRPC wire as integer micro-AC
// (1 AC = 1,000,000). The conversion is exact: the JSON number is read back as the shortest decimal
// text that denotes it (what the client wrote, for any amount with at most 15 significant digits) and
// that text is parsed digit by digit — no floating-point arithmetic on money.

export const MICRO_PER_AC = 1_000_000;
const MICRO_DIGITS = 6;
/** More than any wallet can hold; keeps every amount a safe integer of micro-AC. */
const MAX_AC_DIGITS = 10;
/**
 * Hostile input is refused before any string is built from it (issue 18, review F1): an amount is at
 * most 40 characters ("-9999999999.999999" is 18; 40 leaves room for zeros and an exponent) and its
 * exponent at most 30 either way ("1e-530000000" once made a 530-million-character string).
 */
export const MAX_AMOUNT_TEXT_LENGTH = 40;
export const MAX_AMOUNT_EXPONENT = 30;

export type ParsedAmount =
  { ok: true; micro: number } | { ok: false; reason: 'missing' | 'type' | 'invalid' };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** A decimal amount of AC (number or string) as signed integer micro-AC. */
export function parseAcToMicro(value: unknown): ParsedAmount {
  if (value === undefined || value === null || value === '') return { ok: false, reason: 'missing' };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'invalid' };
    text = String(value);
  } else if (typeof value === 'string') {
    if (value.length > MAX_AMOUNT_TEXT_LENGTH * 2) return { ok: false, reason: 'invalid' };
    text = value.trim();
  } else {
    return { ok: false, reason: 'type' };
  }
  if (text.length > MAX_AMOUNT_TEXT_LENGTH) return { ok: false, reason: 'invalid' };
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return { ok: false, reason: 'invalid' };
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = Number(exponentText ?? 0);
  if (Math.abs(exponent) > MAX_AMOUNT_EXPONENT) return { ok: false, reason: 'invalid' };
  // Shift the decimal point by the exponent, on the digits (at most 40 + 30 of them).
  let digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  let point = whole.length + exponent; // digits before the point
  const leadingZeros = `${whole}${fraction}`.length - digits.length;
  point -= leadingZeros;
  if (/^0*$/.test(digits)) return { ok: true, micro: 0 };
  if (point > MAX_AC_DIGITS) return { ok: false, reason: 'invalid' };
  if (point < 0) {
    digits = `${'0'.repeat(-point)}${digits}`;
    point = 0;
  }
  const integerPart = digits.slice(0, point).padEnd(point, '0');
  const fractionPart = digits.slice(point);
  // Finer than a micro-AC: not an amount the ledger can hold.
  if (/[1-9]/.test(fractionPart.slice(MICRO_DIGITS))) return { ok: false, reason: 'invalid' };
  const micro = Number(
    `${integerPart || '0'}${fractionPart.slice(0, MICRO_DIGITS).padEnd(MICRO_DIGITS, '0')}`,
  );
  if (!Number.isSafeInteger(micro)) return { ok: false, reason: 'invalid' };
  return { ok: true, micro: sign === '-' ? -micro : micro };
}

/** micro-AC as an AC number truncated toward zero to `decimals` places (balances never round up). */
export function microToAc(micro: number, decimals = 3): number {
  const negative = micro < 0;
  const abs = BigInt(Math.abs(micro));
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(MICRO_DIGITS, '0').slice(0, decimals);
  const value = Number(decimals > 0 ? `${whole}.${fraction}` : `${whole}`);
  return negative && value !== 0 ? -value : value;
}

/** Exact and short, for messages: 1.5, 0.0015, 12. */
export function microToText(micro: number): string {
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / MICRO_PER_AC);
  const fraction = String(abs % MICRO_PER_AC)
    .padStart(MICRO_DIGITS, '0')
    .replace(/0+$/, '');
  return `${micro < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
