// The marketplace data as TanStack queries, and the actions. A failed read is only logged (spec 001 §8);
// after a purchase the marketplace and the wallet are read again, after apply/remove the marketplace
// and the member's applied items (so their profile changes at once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { loggedRead } from '../../../api/logged-read';
import { useRefreshWallet } from '../../wallet';
import { newIdempotencyKey } from '../../wallet';
import { marketplaceApi } from '../api';

export function useMarketplaceCategories() {
  return useQuery({
    queryKey: queryKeys.marketplaceCategories,
    queryFn: loggedRead('marketplace categories', (signal) => marketplaceApi.categories(signal)),
    staleTime: 10 * 60_000,
  });
}

export function useMarketplaceItems() {
  return useQuery({
    queryKey: queryKeys.marketplaceItems,
    queryFn: loggedRead('marketplace items', (signal) => marketplaceApi.items(signal)),
  });
}

export function useMarketplacePurchases() {
  return useQuery({
    queryKey: queryKeys.marketplacePurchases,
    queryFn: loggedRead('marketplace purchases', (signal) => marketplaceApi.purchases(signal)),
  });
}

/** The items a member shows on their profile; a failure shows the plain profile. */
export function useAppliedItems(userId: string) {
  return useQuery({
    queryKey: queryKeys.appliedItems(userId),
    queryFn: loggedRead('applied items', (signal) => marketplaceApi.applied(userId, signal)),
    enabled: userId !== '',
    retry: false,
  });
}

function useRefreshMarketplace() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.marketplace }), [queryClient]);
}

export function usePurchaseItem() {
  const refreshMarketplace = useRefreshMarketplace();
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: ({ itemId, confirmPause = false }: { itemId: string; confirmPause?: boolean }) =>
      marketplaceApi.purchase(itemId, newIdempotencyKey(), confirmPause),
    onSettled: () => Promise.all([refreshMarketplace(), refreshWallet()]),
  });
}

/** Apply (show on the profile) or remove an owned item. */
export function useApplyItem() {
  // The applied items sit under queryKeys.marketplace: one invalidation refreshes the profile too.
  const refreshMarketplace = useRefreshMarketplace();
  return useMutation({
    mutationFn: ({ itemId, apply }: { itemId: string; apply: boolean }) =>
      apply ? marketplaceApi.apply(itemId) : marketplaceApi.remove(itemId),
    onSettled: () => refreshMarketplace(),
  });
}
