// The texts members see (spec 001 §5 and PRODUCT-DECISIONS.md "Money" where they give one).
export const Messages = {
  selectRecipient: 'Please select a recipient',
  validAmount: 'Please enter a valid amount',
  insufficient: 'Insufficient balance',
  minimumAmount: 'The minimum amount is 0.001 AC',
  usdComingSoon: 'USD is coming soon: only AC can be sent for now',
  currency: 'currency must be AC',
  messageTooLong: 'Message must be at most 200 characters',
  yourself: 'You cannot send AuraCoins to yourself',
  blocked: 'You cannot send AuraCoins to this user',
  userNotFound: 'User not found',
  reasonRequired: 'Please enter a reason',
  reasonTooLong: 'Reason must be at most 500 characters',
  keyReused: 'This Idempotency-Key was already used for a different request',
  keyTooLong: 'Idempotency-Key must be at most 255 characters',
  notAllowed: 'You do not have permission to do this',
  notAuthenticated: 'Not authenticated',
  // docs/money-rules.md: no admin credits or debits their own wallet.
  ownWallet: 'You cannot adjust your own wallet',
} as const;

export const MESSAGE_MAX_CHARS = 200;
export const REASON_MAX_CHARS = 500;
export const IDEMPOTENCY_KEY_MAX = 255;
