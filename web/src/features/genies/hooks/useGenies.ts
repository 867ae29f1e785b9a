// The genie data as TanStack queries, and the actions. A failed read is only logged (spec 001 §8: "List
// fetch failures are only logged"); after an action the genie data is read again, and the wallet too
// when AC moved (a purchase or a claim).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { loggedRead } from '../../../api/logged-read';
import { useRefreshWallet } from '../../wallet';
import { newIdempotencyKey } from '../../wallet';
import { geniesApi } from '../api';

export function useGenieCatalogue() {
  return useQuery({
    queryKey: queryKeys.genieCatalogue,
    queryFn: loggedRead('genie catalogue', (signal) => geniesApi.available(signal)),
    staleTime: 5 * 60_000,
  });
}

export function useBottles() {
  return useQuery({
    queryKey: queryKeys.genieBottles,
    queryFn: loggedRead('genie bottles', (signal) => geniesApi.bottles(signal)),
  });
}

export function useGenieCollection() {
  return useQuery({
    queryKey: queryKeys.genieCollection,
    queryFn: loggedRead('genie collection', (signal) => geniesApi.collection(signal)),
  });
}

export function useGenieStats() {
  return useQuery({
    queryKey: queryKeys.genieStats,
    queryFn: loggedRead('genie stats', (signal) => geniesApi.stats(signal)),
  });
}

/** A member's featured genie; its failure is tolerated (spec 000 §7) and shows nothing. */
export function useFeaturedGenie(userId: string) {
  return useQuery({
    queryKey: queryKeys.featuredGenie(userId),
    queryFn: loggedRead('featured genie', (signal) => geniesApi.featured(userId, signal)),
    enabled: userId !== '',
    retry: false,
  });
}

/** Reads every genie query again (the shop, the collection, the stats, featured genies). */
export function useRefreshGenies() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.genies }), [queryClient]);
}

export function usePurchaseBottles() {
  const refreshGenies = useRefreshGenies();
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: ({ quantity, confirmPause = false }: { quantity: number; confirmPause?: boolean }) =>
      geniesApi.purchaseBottles(quantity, newIdempotencyKey(), confirmPause),
    onSettled: () => Promise.all([refreshGenies(), refreshWallet()]),
  });
}

export function useRevealBottle() {
  const refreshGenies = useRefreshGenies();
  return useMutation({
    mutationFn: () => geniesApi.revealBottle(),
    onSettled: () => refreshGenies(),
  });
}

export function useSetNickname() {
  const refreshGenies = useRefreshGenies();
  return useMutation({
    mutationFn: ({ id, nickname }: { id: string; nickname: string }) => geniesApi.setNickname(id, nickname),
    onSettled: () => refreshGenies(),
  });
}

export function useSetFeatured() {
  const refreshGenies = useRefreshGenies();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => geniesApi.setFeatured(id),
    // The member's own profile embeds the featured genie.
    onSettled: () =>
      Promise.all([refreshGenies(), queryClient.invalidateQueries({ queryKey: queryKeys.members })]),
  });
}

export function useClaimEarnings() {
  const refreshGenies = useRefreshGenies();
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: () => geniesApi.claimEarnings(),
    onSettled: () => Promise.all([refreshGenies(), refreshWallet()]),
  });
}

export function useSendGenie() {
  const refreshGenies = useRefreshGenies();
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: ({
      id,
      recipientUsername,
      message,
    }: {
      id: string;
      recipientUsername: string;
      message: string;
    }) => geniesApi.send(id, { recipientUsername, message }),
    // Sending claims the genie's pending earnings first (PRODUCT-DECISIONS.md).
    onSettled: () => Promise.all([refreshGenies(), refreshWallet()]),
  });
}
