/** Injection tokens of the genies service's parts that are not classes of its own. */
export const GENIE_MONEY = Symbol('GenieMoney');
export const IDENTITY_LOOKUP = Symbol('IdentityLookup');
export const RANDOM_INT = Symbol('RandomInt');
