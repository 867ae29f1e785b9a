// The story viewer's segmented bar (issue 23): one segment per story of the open story's author, in the
// strip's order. Pure module.
import type { Post } from '../posts';

export interface StorySegment {
  id: string;
  state: 'seen' | 'open' | 'next';
}

/** The segments for the story at `index`: the author's stories before it seen, after it next. */
export function segmentsOf(stories: readonly Pick<Post, 'id' | 'user'>[], index: number): StorySegment[] {
  const open = stories[index];
  if (!open) return [];
  const own = stories.filter((story) => story.user.id === open.user.id);
  const at = own.findIndex((story) => story.id === open.id);
  return own.map((story, position) => ({
    id: story.id,
    state: position < at ? 'seen' : position === at ? 'open' : 'next',
  }));
}
