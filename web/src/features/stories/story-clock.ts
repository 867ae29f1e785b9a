// The story viewer's timing (spec 000 §2, §4, §9): auto-close after 5 seconds, with pause and play, and
// the story text preview cut at 100 characters. Pure module: unit-tested under node.
import type { Post } from '../posts';

export const STORY_DURATION_MS = 5000;
export const STORY_PREVIEW_MAX = 100;

/** A countdown that can be paused and resumed; `now` is injectable for tests. */
export interface StoryClock {
  resume(): void;
  pause(): void;
  readonly running: boolean;
  elapsed(): number;
  remaining(): number;
  /** 0 to 1. */
  progress(): number;
}

export function createStoryClock(
  duration: number = STORY_DURATION_MS,
  now: () => number = Date.now,
): StoryClock {
  let banked = 0;
  let since: number | null = null;
  const elapsed = () => Math.min(duration, banked + (since === null ? 0 : now() - since));
  return {
    resume() {
      if (since === null) since = now();
    },
    pause() {
      if (since === null) return;
      banked = elapsed();
      since = null;
    },
    get running() {
      return since !== null;
    },
    elapsed,
    remaining: () => duration - elapsed(),
    progress: () => (duration <= 0 ? 1 : elapsed() / duration),
  };
}

/** Stories still live (spec 000 §4: they disappear after 5 hours; the server filters, this is a guard). */
export function liveStories(stories: readonly Post[], now: number = Date.now()): Post[] {
  return stories.filter((story) => !story.expires_at || Date.parse(story.expires_at) > now);
}
