// The member's wallet (spec 000 §3 "Wallet"): GET /api/wallet under queryKeys.walletBalance (refetched
// 1 second after sign-in through queryKeys.wallet). The header shows it to 1 decimal, the side menu and
// the wallet dialog to 3 with USD. A failed read is only logged (spec 000 §8).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { loggedRead } from '../../../api/logged-read';
import { useSocketEvent } from '../../messaging';
import { walletApi } from '../api';
import type { Wallet } from '../types';

export type { Wallet } from '../types';

export function useWallet(): { wallet: Wallet | undefined; isLoading: boolean; isError: boolean } {
  const query = useQuery({
    queryKey: queryKeys.walletBalance,
    queryFn: loggedRead('wallet', (signal) => walletApi.wallet(signal)),
  });
  return { wallet: query.data, isLoading: query.isPending, isError: query.isError };
}

/** After any money movement: the balance, the history and the withdrawals are read again. */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.wallet }), [queryClient]);
}

/** Notifications that mean AC arrived or left (a tip, a processed withdrawal): refresh the wallet. */
const MONEY_NOTIFICATIONS: ReadonlySet<string> = new Set(['tip', 'withdrawal', 'genie_earning']);

/** Keeps the wallet live while the app is open (mounted once, in the header). */
export function useLiveWallet() {
  const refresh = useRefreshWallet();
  const onNotification = useCallback(
    (notification: { type?: string }) => {
      if (notification?.type && MONEY_NOTIFICATIONS.has(notification.type)) void refresh();
    },
    [refresh],
  );
  useSocketEvent<{ type?: string }>('new_notification', onNotification);
}
