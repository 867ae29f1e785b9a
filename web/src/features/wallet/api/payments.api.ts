// Card top-ups (spec 001 §6, §7; PRODUCT-DECISIONS.md "Money"): the packages (sent without a token: the
// client treats /api/payments/packages as public), the checkout session the browser then navigates to,
// and the session's status read on the return from the provider.
// Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';

export function createPaymentsApi(api: ApiClient) {
  return {
    packages: async (signal?: AbortSignal) =>
      asList(await api.call((c) => c.GET('/api/payments/packages', { signal }))),
    startCheckout: (packageId: string, originUrl: string) =>
      api.call((c) =>
        c.POST('/api/payments/checkout/session', {
          body: { package_id: packageId, origin_url: originUrl },
        }),
      ),
    checkoutStatus: (sessionId: string, signal?: AbortSignal) =>
      api.call((c) =>
        c.GET('/api/payments/checkout/status/{session_id}', {
          params: { path: { session_id: sessionId } },
          signal,
        }),
      ),
  };
}

export type PaymentsApi = ReturnType<typeof createPaymentsApi>;
