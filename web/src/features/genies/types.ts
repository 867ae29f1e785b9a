// Genie shapes (spec 001 §3, spec 000 §3 "Featured genie"), from the generated OpenAPI schema.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** A genie of the catalogue (GET /api/genies/available). */
export type Genie = Schemas['GenieResponse'];
/** A genie a member owns (GET /api/genies/collection, POST /api/genies/reveal-bottle). */
export type UserGenie = Schemas['UserGenieResponse'];
/** GET /api/genies/stats. */
export type GenieStats = Schemas['GenieStatsResponse'];
/** GET /api/genies/bottles. */
export type Bottles = Schemas['BottlesResponse'];
/** What a featured genie panel shows: GET /api/genies/{userId}/featured, or a UserGenie. */
export type FeaturedGenie = Pick<Schemas['FeaturedGenieResponse'], 'nickname'> & {
  genie: Pick<Schemas['FeaturedGenieInfo'], 'name' | 'rarity' | 'image_url' | 'daily_earning_rate'>;
};
