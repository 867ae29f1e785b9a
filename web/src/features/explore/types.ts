// Explore shapes of ADR 0004, from the generated OpenAPI schema.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type SearchUser = Schemas['MemberSummary'];
export type TagCount = Schemas['TagCount'];
/** GET /api/search. */
export type SearchResults = Schemas['SearchResponse'];
/** GET /api/creators/top-tipped and /top-rising. */
export type CreatorRanking = Schemas['CreatorEntry'];
