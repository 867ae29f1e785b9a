// The genie calls (spec 001 §7, spec 000 §7, PRODUCT-DECISIONS.md "Genies and marketplace"), typed by
// the generated OpenAPI schema. The bottle purchase carries an Idempotency-Key, made once per attempt
// by the caller. Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { asList } from '../../../api/request';
import type { FeaturedGenie } from '../types';

export function createGeniesApi(api: ApiClient) {
  return {
    available: async (signal?: AbortSignal) =>
      asList(await api.call((c) => c.GET('/api/genies/available', { signal }))),
    bottles: (signal?: AbortSignal) => api.call((c) => c.GET('/api/genies/bottles', { signal })),
    /** `confirmPause`: the member answered the spending pause with "Buy anyway" (docs/spending.md). */
    purchaseBottles: (quantity: number, key: string, confirmPause = false) =>
      api.call((c) =>
        c.POST('/api/genies/purchase-bottle', {
          params: { header: { 'idempotency-key': key } },
          body: { quantity, ...(confirmPause ? { confirm_pause: true } : {}) },
        }),
      ),
    revealBottle: () => api.call((c) => c.POST('/api/genies/reveal-bottle')),
    collection: async (signal?: AbortSignal) =>
      asList(await api.call((c) => c.GET('/api/genies/collection', { signal }))),
    stats: (signal?: AbortSignal) => api.call((c) => c.GET('/api/genies/stats', { signal })),
    setNickname: (userGenieId: string, nickname: string) =>
      api.call((c) =>
        c.PUT('/api/genies/{id}/nickname', { params: { path: { id: userGenieId } }, body: { nickname } }),
      ),
    setFeatured: (userGenieId: string) =>
      api.call((c) => c.POST('/api/genies/{id}/set-featured', { params: { path: { id: userGenieId } } })),
    claimEarnings: () => api.call((c) => c.POST('/api/genies/claim-earnings')),
    send: (userGenieId: string, input: { recipientUsername: string; message: string }) =>
      api.call((c) =>
        c.POST('/api/genies/{id}/send', {
          params: { path: { id: userGenieId } },
          body: { recipient_username: input.recipientUsername.trim(), message: input.message },
        }),
      ),
    /** Another member's genies (GET /api/users/{id}/genies). */
    memberGenies: async (userId: string, signal?: AbortSignal) =>
      asList(
        await api.call((c) => c.GET('/api/users/{id}/genies', { params: { path: { id: userId } }, signal })),
      ),
    /** A member's featured genie (GET /api/genies/{userId}/featured); null when they have none (404). */
    featured: async (userId: string, signal?: AbortSignal): Promise<FeaturedGenie | null> => {
      try {
        return await api.call((c) =>
          c.GET('/api/genies/{userId}/featured', { params: { path: { userId } }, signal }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

export type GeniesApi = ReturnType<typeof createGeniesApi>;
