// Spending that cares (docs/spending.md): the member's settings as a query under the wallet's key (a
// spend refreshes the day's total), saving them, and "Wait 10 minutes".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { walletApi } from '../api';
import type { SpendingChange } from '../api/wallet.api';
import type { SpendingSettings } from '../spending';

export function useSpendingSettings() {
  return useQuery({
    queryKey: queryKeys.spendingSettings,
    queryFn: ({ signal }) => walletApi.spendingSettings(signal) as Promise<SpendingSettings>,
  });
}

export function useUpdateSpending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SpendingChange) =>
      walletApi.updateSpendingSettings(change) as Promise<SpendingSettings>,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.spendingSettings, saved),
  });
}

export function useStartCoolingOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => walletApi.startCoolingOff() as Promise<SpendingSettings>,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.spendingSettings, saved),
  });
}
