// The member's wallet (spec 000 §3 "Wallet"). GET /api/wallet arrives with the economy issue; it becomes
// a useQuery under queryKeys.wallet (already refetched 1 second after sign-in). Until then there is no
// balance to show and the UI shows a placeholder.

export interface Wallet {
  aura_coin_balance: number;
  usd_equivalent: number;
  total_earned: number;
}

export function useWallet(): { wallet: Wallet | undefined; isLoading: boolean } {
  return { wallet: undefined, isLoading: false };
}
