// The wallet's history (GET /api/wallet/transactions, newest first, cursor-paged by X-Next-Cursor).
// Spec 000 §8: a failed read is only logged; the dialog says the history could not be loaded.
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { flattenPages, nextPageParam } from '../../../api/cursor';
import { loggedRead } from '../../../api/logged-read';
import { walletApi } from '../api';

export function useTransactions() {
  const query = useInfiniteQuery({
    queryKey: queryKeys.walletTransactions,
    queryFn: ({ pageParam, signal }) =>
      loggedRead('wallet transactions', (s) => walletApi.transactions(pageParam, s))({ signal }),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
  return {
    transactions: flattenPages(query.data?.pages),
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}
