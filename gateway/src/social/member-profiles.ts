import { status } from '@grpc/grpc-js';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { GeniesClient } from '../clients/genies.client';
import { IdentityClient } from '../clients/identity.client';
import { SocialClient } from '../clients/social.client';
import { USER_NOT_FOUND } from '../common/member-id.pipe';
import { toFeatured } from '../genies/genies.mappers';
import type { MemberProfileResponse } from './social.dto';
import { toMemberProfile } from './social.mappers';

const isNotFound = (error: unknown) => (error as { code?: number })?.code === status.NOT_FOUND;

/**
 * The public profile is a view across services (ARCHITECTURE.md §1): identity owns the member,
 * social the follow counts; identity counts the visit; genies the featured genie.
 */
@Injectable()
export class MemberProfiles {
  constructor(
    private readonly identity: IdentityClient,
    private readonly social: SocialClient,
    private readonly genies: GeniesClient,
  ) {}

  async get(caller: AuthenticatedCaller, userId: string): Promise<MemberProfileResponse> {
    const [view, follow, featured] = await Promise.all([
      // Counts the caller's visit (identity: once per viewer and UTC day, never one's own).
      this.identity.viewProfile(caller, userId).catch((error) => {
        if (isNotFound(error)) throw new NotFoundException({ detail: USER_NOT_FOUND });
        throw error;
      }),
      // Social learns of members from identity's events; a member registered a moment ago may not
      // be there yet. Nobody can follow them before that, so their counts are truly zero.
      this.social.getFollowState(caller, userId).catch((error) => {
        if (isNotFound(error)) return undefined;
        throw error;
      }),
      // The featured genie is decoration: the profile is answered without it if genies cannot.
      this.genies.getFeatured(caller, userId).then(
        (answer) => (answer.found && answer.genie ? toFeatured(answer.genie) : null),
        () => null,
      ),
    ]);
    if (!view.user) throw new NotFoundException({ detail: USER_NOT_FOUND });
    return {
      ...toMemberProfile(view.user, follow, caller, view.profileVisitsCount),
      featured_genie: featured,
    };
  }

  /** 404 "User not found" unless identity knows the member. */
  async assertExists(caller: AuthenticatedCaller, userId: string): Promise<void> {
    await this.identity.getUser(userId, caller).catch((error) => {
      if (isNotFound(error)) throw new NotFoundException({ detail: USER_NOT_FOUND });
      throw error;
    });
  }
}
