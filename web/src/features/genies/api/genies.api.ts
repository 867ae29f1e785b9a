// The genie calls (spec 001 §7, spec 000 §7, PRODUCT-DECISIONS.md "Genies and marketplace"). The
// calls that move AC or genies carry an Idempotency-Key, made once per attempt by the caller.
// Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../posts/api/request';
import type { Bottles, FeaturedGenie, Genie, GenieMessage, GenieStats, UserGenie } from '../types';

type RawResult = { data?: unknown; error?: unknown; response: Response };
interface CallInit {
  params?: { path?: Record<string, string>; header?: Record<string, string> };
  body?: unknown;
  signal?: AbortSignal;
}
/** The genies routes through the shared client (bearer token, refresh, catalogue errors). */
type GenieClient = Record<'GET' | 'POST' | 'PUT', (path: string, init?: CallInit) => Promise<RawResult>>;

const idempotent = (key: string) => ({ 'idempotency-key': key });

export function createGeniesApi(api: ApiClient) {
  const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, init?: CallInit) =>
    api.call((c) => (c as unknown as GenieClient)[method](path, init)) as Promise<T>;
  const byId = (id: string) => ({ path: { id } });

  return {
    available: async (signal?: AbortSignal) =>
      asList(await call<Genie[]>('GET', '/api/genies/available', { signal })),
    bottles: (signal?: AbortSignal) => call<Bottles>('GET', '/api/genies/bottles', { signal }),
    purchaseBottles: (quantity: number, key: string) =>
      call<GenieMessage>('POST', '/api/genies/purchase-bottle', {
        params: { header: idempotent(key) },
        body: { quantity },
      }),
    revealBottle: (key: string) =>
      call<UserGenie>('POST', '/api/genies/reveal-bottle', { params: { header: idempotent(key) } }),
    collection: async (signal?: AbortSignal) =>
      asList(await call<UserGenie[]>('GET', '/api/genies/collection', { signal })),
    stats: (signal?: AbortSignal) => call<GenieStats>('GET', '/api/genies/stats', { signal }),
    setNickname: (userGenieId: string, nickname: string) =>
      call<unknown>('PUT', '/api/genies/{id}/nickname', { params: byId(userGenieId), body: { nickname } }),
    setFeatured: (userGenieId: string) =>
      call<GenieMessage>('POST', '/api/genies/{id}/set-featured', { params: byId(userGenieId) }),
    claimEarnings: (key: string) =>
      call<GenieMessage>('POST', '/api/genies/claim-earnings', { params: { header: idempotent(key) } }),
    send: (userGenieId: string, input: { recipientUsername: string; message: string }, key: string) =>
      call<GenieMessage>('POST', '/api/genies/{id}/send', {
        params: { ...byId(userGenieId), header: idempotent(key) },
        body: { recipient_username: input.recipientUsername.trim(), message: input.message },
      }),
    /** Another member's genies (GET /api/users/{id}/genies). */
    memberGenies: async (userId: string, signal?: AbortSignal) =>
      asList(await call<UserGenie[]>('GET', '/api/users/{id}/genies', { params: byId(userId), signal })),
    /** A member's featured genie (GET /api/genies/{userId}/featured); null when there is none. */
    featured: async (userId: string, signal?: AbortSignal) =>
      (await call<FeaturedGenie | null>('GET', '/api/genies/{id}/featured', {
        params: byId(userId),
        signal,
      })) ?? null,
  };
}

export type GeniesApi = ReturnType<typeof createGeniesApi>;
