import type { FilterQuery, Model, SortOrder } from 'mongoose';
import { InvalidInput } from '../errors/domain-error';

// A member's data export (docs/data-export.md): the media service asks each service that holds member
// data for its parts, a page at a time (ExportMemberData, admitted from media only). What every
// service's side shares: the page size, the request's checks, an opaque cursor, the answer's encoding.

/** Records per page at most. */
export const EXPORT_PAGE_SIZE = 500;

export const ExportMessages = {
  unknownPart: 'Unknown export part',
  badUserId: 'user_id is not a member id',
  badCursor: 'Invalid export cursor',
} as const;

/** One record: snake_case fields, dates as ISO strings, money as AC decimal strings. */
export type ExportRecord = Record<string, string | number | boolean | null | string[]>;

/** A page of records and the cursor of the next page ('' when the part is complete). */
export interface ExportRecords {
  records: ExportRecord[];
  nextCursor: string;
}

/** Identity's ids are MongoDB ObjectIds; some services accept a UUID as well. */
const MEMBER_ID = /^(?:[0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The request checked: a member id, a part this service holds, and the cursor as given. */
export function exportRequest<P extends string>(
  request: { userId: string; part: string; cursor: string },
  parts: readonly P[],
): { userId: string; part: P; cursor: string } {
  const userId = request.userId.trim();
  if (!MEMBER_ID.test(userId)) throw new InvalidInput(ExportMessages.badUserId);
  if (!(parts as readonly string[]).includes(request.part))
    throw new InvalidInput(ExportMessages.unknownPart);
  return { userId, part: request.part as P, cursor: request.cursor };
}

/** A position in a part (e.g. [created_at ms, _id]) as an opaque cursor. */
export function encodeExportCursor(position: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

type Shape = readonly ('string' | 'number')[];
type Position<S extends Shape> = { [K in keyof S]: S[K] extends 'number' ? number : string };

/** The position a cursor holds (undefined for the first page's ''); INVALID_ARGUMENT if it is not one. */
export function decodeExportCursor<S extends Shape>(cursor: string, shape: S): Position<S> | undefined {
  if (!cursor) return undefined;
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw new InvalidInput(ExportMessages.badCursor);
  }
  const valid =
    Array.isArray(position) &&
    position.length === shape.length &&
    position.every((value, index) =>
      shape[index] === 'number'
        ? Number.isSafeInteger(value) && value >= 0
        : typeof value === 'string' && value.length > 0 && value.length <= 200,
    );
  if (!valid) throw new InvalidInput(ExportMessages.badCursor);
  return position as Position<S>;
}

/**
 * A page from what a query fetched with a limit of one more than `size`: the first `size` items, and
 * the cursor after the last of them when more follow.
 */
export function exportPageOf<T>(
  fetched: readonly T[],
  size: number,
  positionOf: (last: T) => readonly (string | number)[],
): { items: T[]; nextCursor: string } {
  const items = fetched.slice(0, size);
  const more = fetched.length > size && items.length > 0;
  return { items, nextCursor: more ? encodeExportCursor(positionOf(items[items.length - 1])) : '' };
}

/**
 * The MongoDB filter of the documents after [ms, id] in (time, _id) order, oldest first. The range on
 * the time field bounds an index scan; the `$or` only separates the documents of that very moment.
 */
export function afterTimeAndId(
  field: string,
  position: readonly [number, string] | undefined,
): Record<string, unknown> {
  if (!position) return {};
  const at = new Date(position[0]);
  return { [field]: { $gte: at }, $or: [{ [field]: { $gt: at } }, { _id: { $gt: position[1] } }] };
}

/** A date as an ISO string (null when there is none). */
export function isoDate(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** The gRPC answer (aura.common.v1.ExportPage). */
export function toExportPage(page: ExportRecords): { recordsJson: string; nextCursor: string } {
  return { recordsJson: JSON.stringify(page.records), nextCursor: page.nextCursor };
}

/** A position in a part: the last record's time (ms) and _id (undefined: from the start). */
export type ExportPosition = readonly [number, string] | undefined;

/** The filter and sort of one part's query (each service keeps its own, for its index tests too). */
export interface ExportQuery<T> {
  filter: FilterQuery<T>;
  sort: Record<string, SortOrder>;
}

/** Up to `limit` documents of a part's query; `_outbox` (events not yet published) is not read. */
export function readExportPage<T>(model: Model<T>, query: ExportQuery<T>, limit: number): Promise<T[]> {
  return model.find(query.filter, { _outbox: 0 }).sort(query.sort).limit(limit).lean<T[]>().exec() as Promise<
    T[]
  >;
}
