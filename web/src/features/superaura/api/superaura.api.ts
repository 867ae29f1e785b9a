// SuperAura billing (PRODUCT-DECISIONS.md "Money"): the subscription checkout the browser then navigates
// to, the membership's status, and cancelling it at the end of the period.
// Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import type { PlanId } from '../superaura';

export function createSuperAuraApi(api: ApiClient) {
  return {
    checkout: (plan: PlanId, originUrl: string) =>
      api.call((c) => c.POST('/api/superaura/checkout', { body: { plan, origin_url: originUrl } })),
    status: (signal?: AbortSignal) => api.call((c) => c.GET('/api/superaura/status', { signal })),
    cancel: () => api.call((c) => c.POST('/api/superaura/cancel')),
  };
}

export type SuperAuraApi = ReturnType<typeof createSuperAuraApi>;
