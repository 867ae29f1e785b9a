// Ledger accounts: one wallet per member ("user:<id>") and named system accounts. Member balances
// never go below zero; system accounts have no such rule (rewards, for one, is negative by
// everything it has ever paid out).

export const SYSTEM_ACCOUNTS = [
  'rewards',
  'card_topups',
  'marketplace',
  'genie_shop',
  // Pays the genies' earnings (genie-payments/): negative by everything claimed.
  'genie_earnings',
  'withdrawals_held',
  'paid_out',
  'adjustments',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

const MEMBER_PREFIX = 'user:';

export const memberAccount = (userId: string): string => `${MEMBER_PREFIX}${userId}`;
export const isMemberAccount = (account: string): boolean => account.startsWith(MEMBER_PREFIX);
export const memberIdOf = (account: string): string =>
  isMemberAccount(account) ? account.slice(MEMBER_PREFIX.length) : '';
export const isSystemAccount = (account: string): account is SystemAccount =>
  (SYSTEM_ACCOUNTS as readonly string[]).includes(account);

/** A valid account name: a member wallet with a non-empty id, or a named system account. */
export function isAccount(account: string): boolean {
  return (isMemberAccount(account) && /^user:[A-Za-z0-9_-]{1,64}$/.test(account)) || isSystemAccount(account);
}
