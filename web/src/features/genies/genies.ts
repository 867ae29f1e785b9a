// The Genie screens' rules and texts (spec 001 §2, §5, §8, §9; spec 000 §2, §3; PRODUCT-DECISIONS.md
// "Genies and marketplace"). Money is compared in integer micro-AC, never as floats.
// Pure module (no DOM, no Vite): unit-tested under node.
import { truncateDecimals } from '../../ui/format';
import { MICRO_PER_AC, moneyFailureMessage } from '../../api/money';
import { recipientQuery } from '../../api/recipient-search';

/** Spec 001 §3: the rarities of the shop, the collection and gifts, rarest last. */
export const RARITIES = ['general', 'common', 'uncommon', 'rare', 'legendary', 'cosmic'] as const;
export type Rarity = (typeof RARITIES)[number];

export interface RarityTier {
  rarity: Rarity;
  label: string;
  /** The shop's odds, as shown ("78.94%"). */
  odds: string;
  /** AC per day. */
  dailyAc: number;
  /** The fallback icon of a broken genie image (spec 000 §4: a rarity emoji; 001 §8: rarity-coloured). */
  emoji: string;
}

/** Spec 001 §9 "Shop rarity table (odds, AC per day)", in the spec's order. */
export const RARITY_TABLE: readonly RarityTier[] = [
  { rarity: 'general', label: 'General', odds: '78.94%', dailyAc: 1, emoji: '🔮' },
  { rarity: 'common', label: 'Common', odds: '15%', dailyAc: 20, emoji: '✨' },
  { rarity: 'uncommon', label: 'Uncommon', odds: '5%', dailyAc: 50, emoji: '🌟' },
  { rarity: 'rare', label: 'Rare', odds: '1%', dailyAc: 150, emoji: '💎' },
  { rarity: 'legendary', label: 'Legendary', odds: '0.05%', dailyAc: 250, emoji: '👑' },
  { rarity: 'cosmic', label: 'Cosmic', odds: '0.01%', dailyAc: 300, emoji: '🌌' },
];

export const isRarity = (value: unknown): value is Rarity =>
  typeof value === 'string' && (RARITIES as readonly string[]).includes(value);

/** The tier of a rarity; an unknown one reads as general. */
export const rarityTier = (rarity: string | null | undefined): RarityTier =>
  RARITY_TABLE.find((tier) => tier.rarity === rarity) ?? RARITY_TABLE[0]!;

/** 0 for general up to 5 for cosmic; unknown rarities rank lowest. */
export const rarityRank = (rarity: string | null | undefined) =>
  isRarity(rarity) ? RARITIES.indexOf(rarity) : -1;

/** Spec 001 §9: bottle quantity per purchase 1 to 10; shop preview 6 genies; gift message 200. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 10;
export const SHOP_PREVIEW_COUNT = 6;
export const GIFT_MESSAGE_MAX = 200;
/** A genie's nickname, at most this long (the spec gives no limit; a short label). */
export const NICKNAME_MAX = 30;
/** Spec 001 §5: the recipient search starts at 2 characters (and shows at most 5 members, as the transfer's). */
export const GIFT_SEARCH_MIN = 2;
/** Spec 001 §2: Reveal Another reveals again after 0.5 s. */
export const REVEAL_AGAIN_DELAY_MS = 500;

/** The spec's messages, letter for letter (001 §5, §8). */
export const GenieTexts = {
  insufficient: 'Insufficient AuraCoin balance!',
  purchaseFailed: 'Failed to purchase bottles',
  revealFailed: 'Failed to reveal Genie',
  sendFailed: 'Failed to send genie',
  selectGenieAndRecipient: 'Please select a genie and enter recipient username',
  messageTooLong: `Message must be at most ${GIFT_MESSAGE_MAX} characters`,
  nicknameFailed: 'Failed to update nickname',
  featureFailed: 'Failed to set featured Genie',
  claimFailed: 'Failed to claim earnings',
  permanentWarning:
    'This transfer is permanent. Once sent, the genie cannot be returned or transferred again.',
} as const;

/** Spec 001 §8: send errors are prefixed with a cross mark. */
export const CROSS_MARK = '❌';

/** "300.0": the bottle price to 1 decimal (spec 001 §2, §9). */
export const formatBottlePrice = (price: number) =>
  Number.isFinite(price) ? price.toFixed(1) : (0).toFixed(1);

/** AC with 3 decimals, truncated (spec 001 §9). */
export const formatGenieAC = (value: number) => truncateDecimals(value, 3);

/**
 * Spec 001 §5: the quantity is an integer 1 to 10 and a non-numeric entry becomes 1. A number out of
 * range is brought back into it; a fraction is cut to its whole part.
 */
export function parseQuantity(text: string | number): number {
  const value = typeof text === 'number' ? text : Number(String(text).trim());
  if (!Number.isFinite(value) || (typeof text === 'string' && text.trim() === '')) return QUANTITY_MIN;
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.trunc(value)));
}

/** The stepper's − and + buttons. */
export const stepQuantity = (quantity: number, step: 1 | -1) => parseQuantity(parseQuantity(quantity) + step);

/** AC as integer micro-AC (the price has at most 6 decimals). */
export const toMicro = (ac: number) => Math.round(ac * MICRO_PER_AC);

/** The cost of `quantity` bottles in micro-AC. */
export const bottlesCostMicro = (price: number, quantity: number) => toMicro(price) * quantity;

/** Spec 001 §5: purchase is blocked when the balance is below price times quantity. */
export function purchaseError(balanceMicro: number, price: number, quantity: number): string | null {
  return balanceMicro < bottlesCostMicro(price, quantity) ? GenieTexts.insufficient : null;
}

/** Spec 001 §9: the shop previews up to 6 genies of the catalogue. */
export const shopPreview = <T>(genies: readonly T[]): T[] => genies.slice(0, SHOP_PREVIEW_COUNT);

/** What the collection needs of a UserGenie (spec 001 §3). */
export interface CollectionEntry {
  id: string;
  nickname?: string | null;
  is_featured: boolean;
  pending_earnings: number;
  acquired_at: string;
  daily_earning_rate: number;
  genie: { name: string; rarity: string; image_url?: string | null };
}

export type RarityFilter = Rarity | 'all';
export type CollectionSort = 'recent' | 'rarity' | 'earnings';

/** Spec 001 §2: sort recently acquired, by rarity, by earnings. */
export const COLLECTION_SORTS: readonly { id: CollectionSort; label: string }[] = [
  { id: 'recent', label: 'Recently acquired' },
  { id: 'rarity', label: 'By rarity' },
  { id: 'earnings', label: 'By earnings' },
];

const acquiredTime = (entry: CollectionEntry) => {
  const time = Date.parse(entry.acquired_at);
  return Number.isFinite(time) ? time : 0;
};

/** The collection as shown: filtered by rarity, then sorted (newest first on ties). */
export function arrangeCollection<T extends CollectionEntry>(
  genies: readonly T[],
  filter: RarityFilter,
  sort: CollectionSort,
): T[] {
  const shown = filter === 'all' ? [...genies] : genies.filter((g) => g.genie.rarity === filter);
  const byRecent = (a: T, b: T) => acquiredTime(b) - acquiredTime(a);
  const compare: Record<CollectionSort, (a: T, b: T) => number> = {
    recent: byRecent,
    rarity: (a, b) => rarityRank(b.genie.rarity) - rarityRank(a.genie.rarity) || byRecent(a, b),
    earnings: (a, b) => b.daily_earning_rate - a.daily_earning_rate || byRecent(a, b),
  };
  return shown.sort(compare[sort]);
}

/** The sum of every genie's pending earnings. */
export const totalPending = (genies: readonly Pick<CollectionEntry, 'pending_earnings'>[]) =>
  genies.reduce((sum, g) => sum + (Number.isFinite(g.pending_earnings) ? g.pending_earnings : 0), 0);

/** Spec 001 §2: Claim All appears only when the total pending earnings are above 0. */
export const showClaimAll = (pending: number) => Number.isFinite(pending) && pending > 0;

export interface RarityShare {
  tier: RarityTier;
  count: number;
  /** Whole percent of all genies. */
  percent: number;
}

/** The rarity distribution of the stats (genies_by_rarity keyed by rarity), every rarity listed. */
export function rarityDistribution(byRarity: Record<string, number> | null | undefined): RarityShare[] {
  const counts = RARITY_TABLE.map((tier) => {
    const count = Number(byRarity?.[tier.rarity] ?? 0);
    return { tier, count: Number.isFinite(count) && count > 0 ? count : 0 };
  });
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return counts.map((c) => ({ ...c, percent: total === 0 ? 0 : Math.round((c.count * 100) / total) }));
}

/** The name a genie goes by: its nickname, else its catalogue name. */
export const genieDisplayName = (entry: { nickname?: string | null; genie: { name: string } }) =>
  entry.nickname?.trim() ? entry.nickname.trim() : entry.genie.name;

/** Spec 001 §5: the gift's recipient search starts at 2 characters (after trimming, without an @). */
export const giftRecipientQuery = (text: string) => recipientQuery(text, GIFT_SEARCH_MIN);

export interface GiftForm {
  userGenieId: string | null;
  recipientUsername: string;
  message: string;
}

/** Spec 001 §5 "Send genie"; null when the gift may be sent. */
export function giftError(form: GiftForm): string | null {
  if (!form.userGenieId || form.recipientUsername.trim() === '') return GenieTexts.selectGenieAndRecipient;
  if (form.message.length > GIFT_MESSAGE_MAX) return GenieTexts.messageTooLong;
  return null;
}

/** Spec 001 §8: the server's detail, else the action's own message. */
export const genieFailureMessage = moneyFailureMessage;

/** Spec 001 §8: a send error, prefixed with a cross mark. */
export const sendFailureMessage = (errorOrText: unknown) =>
  `${CROSS_MARK} ${typeof errorOrText === 'string' ? errorOrText : genieFailureMessage(errorOrText, GenieTexts.sendFailed)}`;
