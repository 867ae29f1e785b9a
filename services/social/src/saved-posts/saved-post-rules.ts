// The rules of saved posts that need no database: the limit and how a page of the Saved list is cut.
import type { ScorePosition } from '../common/redis-cache';

/** How many posts one member may save (the Saved list is theirs alone; 1000 is a long reading list). */
export const MAX_SAVED_POSTS = 1000;

export const SavedPostMessages = {
  tooMany: `You can save at most ${MAX_SAVED_POSTS} posts`,
} as const;

/** Whether a member who saved `count` posts may save one more. */
export const canSaveAnother = (count: number, limit: number = MAX_SAVED_POSTS): boolean => count < limit;

/** A save as the list reads it: when, and which (the `_id` breaks ties of the same millisecond). */
export interface SaveEntry {
  _id: string;
  savedAt: Date;
}

export const savePosition = (save: SaveEntry): ScorePosition => ({
  score: new Date(save.savedAt).getTime(),
  id: save._id,
});

/**
 * One page of the Saved list from the saves read so far, the most recently saved first, each with its
 * post when the member may still see it (`post` undefined: removed since, or its author blocked either
 * way, so it is left out). The page is the first `limit` visible ones; the next page continues after
 * the last save the page used up: the last one shown when more visible ones were read, else the last
 * one read (the left-out ones after it are not read again), none once the saves ran out.
 */
export function cutSavedPage<S extends SaveEntry, P>(
  read: readonly { save: S; post: P | undefined }[],
  limit: number,
  exhausted: boolean,
): { page: { save: S; post: P }[]; next: ScorePosition | undefined } {
  const visible = read.filter((entry): entry is { save: S; post: P } => entry.post !== undefined);
  if (visible.length > limit) {
    const page = visible.slice(0, limit);
    return { page, next: savePosition(page[page.length - 1].save) };
  }
  const last = read[read.length - 1];
  return { page: visible, next: exhausted || !last ? undefined : savePosition(last.save) };
}
