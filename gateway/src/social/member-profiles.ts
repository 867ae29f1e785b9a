import { status } from '@grpc/grpc-js';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { IdentityClient } from '../clients/identity.client';
import { SocialClient } from '../clients/social.client';
import type { MemberProfileResponse } from './social.dto';
import { toMemberProfile } from './social.mappers';
import { USER_NOT_FOUND } from './social.pipes';

const isNotFound = (error: unknown) => (error as { code?: number })?.code === status.NOT_FOUND;

/**
 * The public profile is a view across services (ARCHITECTURE.md §1): identity owns the member,
 * social the follow counts; identity counts the visit. The featured genie joins with its own issue.
 */
@Injectable()
export class MemberProfiles {
  constructor(
    private readonly identity: IdentityClient,
    private readonly social: SocialClient,
  ) {}

  async get(caller: AuthenticatedCaller, userId: string): Promise<MemberProfileResponse> {
    const [view, follow] = await Promise.all([
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
    ]);
    if (!view.user) throw new NotFoundException({ detail: USER_NOT_FOUND });
    return toMemberProfile(view.user, follow, caller, view.profileVisitsCount);
  }

  /** 404 "User not found" unless identity knows the member. */
  async assertExists(caller: AuthenticatedCaller, userId: string): Promise<void> {
    await this.identity.getUser(userId, caller).catch((error) => {
      if (isNotFound(error)) throw new NotFoundException({ detail: USER_NOT_FOUND });
      throw error;
    });
  }
}
