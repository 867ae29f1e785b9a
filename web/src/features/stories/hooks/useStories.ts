// The stories strip (GET /api/stories, a later issue), under queryKeys.stories. Empty until then.

export function useStories(): { stories: readonly never[]; isLoading: boolean } {
  return { stories: [], isLoading: false };
}
