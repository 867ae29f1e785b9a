// Another member as GET /api/users/{id}/profile answers (spec 000 §3 User, ADR 0004): the member's
// public fields plus follow counts, profile visits and the featured genie. From the generated OpenAPI schema.
import type { components } from '../../api/schema';

export type MemberProfile = components['schemas']['MemberProfileResponse'];

/** POST /api/users/{id}/follow and DELETE /api/users/{id}/follow: the target's counts. */
export type FollowResult = components['schemas']['FollowResponse'];

/** GET /api/mutes: a member the caller muted. */
export type MutedMember = components['schemas']['MutedMemberResponse'];

/** What each section (tab) of the member profile dialog receives. */
export interface MemberTabProps {
  profile: MemberProfile;
}
