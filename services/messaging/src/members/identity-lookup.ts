import type { MemberSource } from '@aura/platform';

export const IDENTITY_LOOKUP = Symbol('IdentityLookup');

/**
 * The one synchronous call messaging makes to another service: a member it has not heard of yet
 * (their user.registered is still on its way) is asked of identity (the platform's
 * IdentityMemberSource), so a message to a member who signed up a second ago works. Everything else
 * comes from identity's events.
 */
export type IdentityLookup = MemberSource & { close(): void };
