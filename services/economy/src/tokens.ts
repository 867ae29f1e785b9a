/** Injection tokens of the economy service's parts that are not classes of its own. */
/** identity, asked for a member economy has not heard of yet (the platform's MemberSource). */
export const MEMBER_SOURCE = Symbol('MemberSource');
/** identity's IsMoodLow (MoodSource): the spending pause. */
export const MOOD_SOURCE = Symbol('MoodSource');
/** The spending rules' time (tests move it; docs/spending.md). */
export const CLOCK = Symbol('Clock');
/** The coin price the wallet, withdrawals and statements use (the coin market unless a test fixes it). */
export const COIN_PRICE = Symbol('CoinPriceSource');
export const MARKET_OPTIONS = Symbol('MarketOptions');
export const WITHDRAWALS_OPTIONS = Symbol('WithdrawalsOptions');
/** Card top-ups and SuperAura: the checkout provider, the webhook secret and where checkouts may return. */
export const TOPUPS_OPTIONS = Symbol('TopUpsOptions');
