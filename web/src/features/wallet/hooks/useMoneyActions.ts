// Tips, transfers and withdrawals. Each submission of a form is one attempt with its own
// Idempotency-Key; after the server answers (either way) the wallet is read again everywhere: the
// header balance, the side menu and the wallet dialog (queryKeys.wallet).
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { loggedRead } from '../../../api/logged-read';
import { walletApi } from '../api';
import type { TipInput, TransferInput, WithdrawalInput } from '../api/wallet.api';
import { newIdempotencyKey } from '../wallet';
import { useRefreshWallet } from './useWallet';

export function useSendTip() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (input: TipInput) => walletApi.tip(input, newIdempotencyKey()),
    onSettled: () => refresh(),
  });
}

export function useTransfer() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (input: TransferInput) => walletApi.transfer(input, newIdempotencyKey()),
    onSettled: () => refresh(),
  });
}

export function useRequestWithdrawal() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (input: WithdrawalInput) => walletApi.requestWithdrawal(input, newIdempotencyKey()),
    onSettled: () => refresh(),
  });
}

/** The member's own withdrawal requests (GET /api/withdrawals); a failed read is only logged. */
export function useWithdrawals() {
  const query = useQuery({
    queryKey: queryKeys.withdrawals,
    queryFn: loggedRead('withdrawals', (signal) => walletApi.withdrawals(signal)),
  });
  return { withdrawals: query.data ?? [], isLoading: query.isPending };
}
