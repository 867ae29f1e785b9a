// The own profile's wellness and profile calls (spec 000 §7 "Own profile"): stats, mood check-ins,
// reflections, the own posts with their filter, and the partial profile update (PUT /api/profile).
// Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import type { User } from '../../../api/types';
import { asList } from '../../../api/request';
import type { ProfileFields } from '../profile-form';
import {
  checkinBody,
  reflectionBody,
  type CheckinForm,
  type MoodCheckin,
  type PostFilter,
  type ProfileStats,
  type Reflection,
  type ReflectionForm,
} from '../wellness';

export function createProfileApi(api: ApiClient) {
  return {
    stats: (signal?: AbortSignal): Promise<ProfileStats> =>
      api.call((c) => c.GET('/api/profile/stats', { signal })),
    checkins: async (signal?: AbortSignal): Promise<MoodCheckin[]> =>
      asList(await api.call((c) => c.GET('/api/profile/mood-checkins', { signal }))),
    checkIn: (form: CheckinForm) =>
      api.call((c) => c.POST('/api/profile/mood-checkin', { body: checkinBody(form) })),
    reflections: async (signal?: AbortSignal): Promise<Reflection[]> =>
      asList(await api.call((c) => c.GET('/api/reflections', { signal }))),
    reflect: (form: ReflectionForm) =>
      api.call((c) => c.POST('/api/reflections', { body: reflectionBody(form) })),
    posts: async (filter: PostFilter, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/profile/posts', { params: { query: { content_type: filter } }, signal }),
        ),
      ),
    update: (changes: Partial<ProfileFields>): Promise<User> =>
      api.call((c) => c.PUT('/api/profile', { body: changes })),
  };
}

export type ProfileApi = ReturnType<typeof createProfileApi>;
