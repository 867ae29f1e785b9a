// The marketplace calls (spec 001 §7; PRODUCT-DECISIONS.md "Genies and marketplace"; API-INVENTORY.md
// rows 35, 73–75 and §5). The categories are public (sent without a token); a purchase carries an
// Idempotency-Key, made once per attempt by the caller. Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';
import type { MarketplaceCategory, MarketplaceItem, MarketplacePurchase } from '../types';

const byId = (id: string) => ({ path: { id } });

export function createMarketplaceApi(api: ApiClient) {
  return {
    categories: async (signal?: AbortSignal): Promise<MarketplaceCategory[]> =>
      asList(await api.call((c) => c.GET('/api/marketplace/categories', { signal }))),
    items: async (signal?: AbortSignal): Promise<MarketplaceItem[]> =>
      asList(await api.call((c) => c.GET('/api/marketplace/items', { signal }))),
    purchases: async (signal?: AbortSignal): Promise<MarketplacePurchase[]> =>
      asList(await api.call((c) => c.GET('/api/marketplace/purchases', { signal }))),
    /** `confirmPause`: the member answered the spending pause with "Buy anyway" (docs/spending.md). */
    purchase: (itemId: string, key: string, confirmPause = false) =>
      api.call((c) =>
        c.POST('/api/marketplace/purchase/{id}', {
          params: { ...byId(itemId), header: { 'idempotency-key': key } },
          ...(confirmPause ? { body: { confirm_pause: true } } : {}),
        }),
      ),
    apply: (itemId: string) =>
      api.call((c) => c.POST('/api/marketplace/items/{id}/apply', { params: byId(itemId) })),
    remove: (itemId: string) =>
      api.call((c) => c.DELETE('/api/marketplace/items/{id}/apply', { params: byId(itemId) })),
    /** The items a member shows on their profile (GET /api/users/{id}/applied-items). */
    applied: async (userId: string, signal?: AbortSignal): Promise<MarketplaceItem[]> =>
      asList(await api.call((c) => c.GET('/api/users/{id}/applied-items', { params: byId(userId), signal }))),
  };
}
