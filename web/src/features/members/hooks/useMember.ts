// A member's profile, posts and stories. Spec 000 §8: failed reads are only logged; lists become empty.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { membersApi } from '../api';

function logged<T>(what: string, read: (signal: AbortSignal) => Promise<T>) {
  return async ({ signal }: { signal: AbortSignal }) => {
    try {
      return await read(signal);
    } catch (error) {
      if (!signal.aborted) console.warn(`member ${what}: could not load`, error);
      throw error;
    }
  };
}

export function useMemberProfile(userId: string) {
  return useQuery({
    queryKey: queryKeys.memberProfile(userId),
    queryFn: logged('profile', (signal) => membersApi.profile(userId, signal)),
    enabled: userId !== '',
  });
}

export function useMemberPosts(userId: string) {
  const query = useQuery({
    queryKey: queryKeys.memberPosts(userId),
    queryFn: logged('posts', (signal) => membersApi.posts(userId, signal)),
  });
  return { posts: query.data ?? [], isLoading: query.isPending && !query.isError };
}

export function useMemberStories(userId: string) {
  const query = useQuery({
    queryKey: queryKeys.memberStories(userId),
    queryFn: logged('stories', (signal) => membersApi.stories(userId, signal)),
  });
  return { stories: query.data ?? [], isLoading: query.isPending && !query.isError };
}

export function useMemberReflections(userId: string) {
  const query = useQuery({
    queryKey: [...queryKeys.member(userId), 'reflections'] as const,
    queryFn: logged('reflections', (signal) => membersApi.reflections(userId, signal)),
  });
  return { reflections: query.data ?? [], isLoading: query.isPending && !query.isError };
}
