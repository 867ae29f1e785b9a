// Another member's profile, content and follow (spec 000 §7 "Other members", ADR 0004).
import type { ApiClient } from '../../../api/client';
import { pageQuery, readNextCursor, type Page } from '../../../api/cursor';
import { asList, callWithHeaders } from '../../../api/request';
import type { MutedMember } from '../types';
import { toReflections } from '../../profile';

/** Spec 000 §9: profile posts 10, profile stories 20. */
export const MEMBER_POSTS_LIMIT = 10;
export const MEMBER_STORIES_LIMIT = 20;
export const MUTES_PAGE_SIZE = 50;

export function createMembersApi(api: ApiClient) {
  return {
    /** GET /api/users/search/{text}: members whose name starts with the text (the @mention picker). */
    search: async (text: string, limit: number, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/users/search/{text}', { params: { path: { text }, query: { limit } }, signal }),
        ),
      ),
    profile: (userId: string, signal?: AbortSignal) =>
      api.call((c) => c.GET('/api/users/{id}/profile', { params: { path: { id: userId } }, signal })),
    posts: async (userId: string, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/users/{id}/posts', {
            params: { path: { id: userId }, query: { limit: MEMBER_POSTS_LIMIT } },
            signal,
          }),
        ),
      ),
    stories: async (userId: string, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/users/{id}/stories', {
            params: { path: { id: userId }, query: { limit: MEMBER_STORIES_LIMIT } },
            signal,
          }),
        ),
      ),
    /** The member's shared reflections (GET /api/users/{id}/content?content_type=reflections). */
    reflections: async (userId: string, signal?: AbortSignal) =>
      toReflections(
        asList<unknown>(
          await api.call((c) =>
            c.GET('/api/users/{id}/content', {
              params: { path: { id: userId }, query: { content_type: 'reflections' } },
              signal,
            }),
          ),
        ),
      ),
    follow: (userId: string) =>
      api.call((c) => c.POST('/api/users/{id}/follow', { params: { path: { id: userId } } })),
    unfollow: (userId: string) =>
      api.call((c) => c.DELETE('/api/users/{id}/follow', { params: { path: { id: userId } } })),
    mute: (userId: string) =>
      api.call((c) => c.POST('/api/users/{id}/mute', { params: { path: { id: userId } } })),
    unmute: (userId: string) =>
      api.call((c) => c.DELETE('/api/users/{id}/mute', { params: { path: { id: userId } } })),
    /** The caller's muted words and tags in force, the newest first. */
    mutedWords: (signal?: AbortSignal) => api.call((c) => c.GET('/api/muted-words', { signal })),
    muteWord: (phrase: string, expiresInHours: number) =>
      api.call((c) => c.POST('/api/muted-words', { body: { phrase, expires_in_hours: expiresInHours } })),
    unmuteWord: (id: string) =>
      api.call((c) => c.DELETE('/api/muted-words/{id}', { params: { path: { id } } })),
    /** The members the caller muted, the most recent first (GET /api/mutes, cursor-paged). */
    mutes: async (cursor: string | null, signal?: AbortSignal): Promise<Page<MutedMember>> => {
      const { data, headers } = await callWithHeaders(api, (c) =>
        c.GET('/api/mutes', { params: { query: pageQuery(cursor, MUTES_PAGE_SIZE) }, signal }),
      );
      return { items: asList(data), nextCursor: readNextCursor(headers) };
    },
  };
}

export type MembersApi = ReturnType<typeof createMembersApi>;
