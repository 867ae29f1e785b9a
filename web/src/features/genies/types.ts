// Genie shapes (spec 001 §3, spec 000 §3 "Featured genie", ../shared/API-INVENTORY.md §4). Written to
// the documented answers of the genies routes; the fields the server may add are optional.

/** A genie of the catalogue (GET /api/genies/available). */
export interface Genie {
  id: string;
  name: string;
  description: string;
  rarity: string;
  image_url: string;
  animation_type?: string;
  /** AC per day. */
  daily_earning_rate: number;
  special_ability?: string | null;
}

/** A genie a member owns (GET /api/genies/collection, POST /api/genies/reveal-bottle). */
export interface UserGenie {
  id: string;
  genie: Genie;
  nickname?: string | null;
  is_featured: boolean;
  /** AC accrued since acquisition or the last claim. */
  pending_earnings: number;
  acquired_at: string;
  daily_earning_rate: number;
  /** A genie received as a gift cannot be sent on. */
  received_as_gift?: boolean;
}

/** GET /api/genies/stats. */
export interface GenieStats {
  total_genies: number;
  total_daily_earnings: number;
  lifetime_earnings: number;
  genies_by_rarity: Record<string, number>;
  featured_genie?: UserGenie | null;
}

/** GET /api/genies/bottles. */
export interface Bottles {
  price: number;
  bottles_owned: number;
}

/** GET /api/genies/{userId}/featured, and a profile's featured_genie. */
export interface FeaturedGenie {
  nickname?: string | null;
  genie: Pick<Genie, 'name' | 'rarity' | 'image_url' | 'daily_earning_rate'> & { animation_type?: string };
}

/** The `{message}` answer of the genie actions. */
export interface GenieMessage {
  message?: string;
}
