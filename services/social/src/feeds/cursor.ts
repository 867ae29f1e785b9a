import { InvalidInput } from '@aura/platform';
import type { ScorePosition } from '../common/redis-cache';

/**
 * Opaque cursors: base64url of JSON. Time-sorted lists continue after (time, id); ranked feeds continue
 * at an offset inside a snapshot of the ranking (ADR 0004).
 */
export interface RankCursor {
  snapshot: string;
  offset: number;
}

export const CursorMessages = { invalid: 'Invalid cursor' } as const;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new InvalidInput(CursorMessages.invalid);
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidInput(CursorMessages.invalid);
  }
}

export function encodeTimeCursor(position: ScorePosition): string {
  return encode({ t: position.score, i: position.id });
}

export function decodeTimeCursor(cursor: string | undefined): ScorePosition | undefined {
  if (!cursor) return undefined;
  const value = decode(cursor) as { t?: unknown; i?: unknown };
  if (typeof value?.t !== 'number' || !Number.isFinite(value.t) || value.t < 0 || typeof value.i !== 'string')
    throw new InvalidInput(CursorMessages.invalid);
  return { score: value.t, id: value.i };
}

export function encodeRankCursor(cursor: RankCursor): string {
  return encode({ s: cursor.snapshot, o: cursor.offset });
}

export function decodeRankCursor(cursor: string | undefined): RankCursor | undefined {
  if (!cursor) return undefined;
  const value = decode(cursor) as { s?: unknown; o?: unknown };
  if (
    typeof value?.s !== 'string' ||
    !/^[A-Za-z0-9-]{1,64}$/.test(value.s) ||
    typeof value.o !== 'number' ||
    !Number.isInteger(value.o) ||
    value.o < 0
  )
    throw new InvalidInput(CursorMessages.invalid);
  return { snapshot: value.s, offset: value.o };
}
