/** Injection tokens of the genies service's parts that are not classes of its own. */
export const GENIE_MONEY = Symbol('GenieMoney');
export const IDENTITY_LOOKUP = Symbol('IdentityLookup');
export const RANDOM_INT = Symbol('RandomInt');
/** The object storage client and bucket the catalogue keeps its artwork in. */
export const ARTWORK_STORAGE = Symbol('ArtworkStorage');
