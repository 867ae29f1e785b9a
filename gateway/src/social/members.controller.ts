import { status } from '@grpc/grpc-js';
import {
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { IdentityClient } from '../clients/identity.client';
import { SocialClient } from '../clients/social.client';
import { MemberIdPipe, USER_NOT_FOUND } from '../common/member-id.pipe';
import { ReflectionResponse } from '../profile/profile.dto';
import { toReflection } from '../profile/profile.mappers';
import { MemberProfiles } from './member-profiles';
import { ApiBroken, ApiMalformed, ApiMember, ApiMemberId, ApiNotFound } from './social.docs';
import { FollowResponse, MemberProfileResponse, MuteResponse, PostResponse } from './social.dto';
import { toFollow, toPost } from './social.mappers';
import { NEXT_CURSOR_DOC, sendNextCursor } from './social.paging';
import { MemberContentQuery, MemberPostsQuery, MemberStoriesQuery } from './social.query';

const PROFILE_DOC = {
  type: MemberProfileResponse,
  description:
    'The member with followers_count, following_count, is_following and profile_visits_count (e-mail only for the member and admins); counts the caller’s visit',
};

/** Other members: profile, content and follows. Static /users/… routes never read as ids (404). */
@ApiTags('members')
@ApiMember()
@SignedIn()
@Controller('users')
export class MembersController {
  constructor(
    private readonly social: SocialClient,
    private readonly profiles: MemberProfiles,
    private readonly identity: IdentityClient,
  ) {}

  // Both spellings of the spec (A L183) answer the same.
  @Get(':id')
  @ApiMemberId()
  @ApiOkResponse(PROFILE_DOC)
  @ApiNotFound('"User not found"')
  profile(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MemberProfileResponse> {
    return this.profiles.get(caller, id);
  }

  @Get(':id/profile')
  @ApiMemberId()
  @ApiOkResponse(PROFILE_DOC)
  @ApiNotFound('"User not found"')
  profileVariant(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MemberProfileResponse> {
    return this.profiles.get(caller, id);
  }

  @Get(':id/posts')
  @ApiMemberId()
  @ApiOkResponse({ type: PostResponse, isArray: true, headers: NEXT_CURSOR_DOC, description: 'Newest first' })
  @ApiNotFound('"User not found"')
  @ApiMalformed()
  async posts(
    @Param('id', MemberIdPipe) id: string,
    @Query() query: MemberPostsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostResponse[]> {
    return this.content(caller, reply, id, 'posts', query.cursor, query.limit ?? 10);
  }

  @Get(':id/stories')
  @ApiMemberId()
  @ApiOkResponse({
    type: PostResponse,
    isArray: true,
    headers: NEXT_CURSOR_DOC,
    description: "The member's active stories",
  })
  @ApiNotFound('"User not found"')
  @ApiMalformed()
  async stories(
    @Param('id', MemberIdPipe) id: string,
    @Query() query: MemberStoriesQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostResponse[]> {
    return this.content(caller, reply, id, 'stories', query.cursor, query.limit ?? 20);
  }

  @Get(':id/content')
  @ApiMemberId()
  @ApiExtraModels(PostResponse, ReflectionResponse)
  @ApiOkResponse({
    // Posts and stories are Posts, reflections are Reflections (issue 18: the schema said Post only).
    schema: {
      type: 'array',
      items: {
        anyOf: [{ $ref: getSchemaPath(PostResponse) }, { $ref: getSchemaPath(ReflectionResponse) }],
      },
    },
    headers: NEXT_CURSOR_DOC,
    description:
      'Posts or active stories (Post), or reflections (Reflection: id, content, mood, category, created_at), newest first',
  })
  @ApiNotFound('"User not found"')
  @ApiMalformed('content_type other than posts, stories, reflections, or a bad limit')
  async memberContent(
    @Param('id', MemberIdPipe) id: string,
    @Query() query: MemberContentQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostResponse[] | ReflectionResponse[]> {
    const kind = query.content_type ?? 'posts';
    if (kind === 'reflections') {
      // Identity owns reflections (404 "User not found" for an unknown member); one page, newest first.
      const list = await this.identity.listReflections(caller, id, query.limit ?? 20).catch((error) => {
        if ((error as { code?: number })?.code === status.NOT_FOUND)
          throw new NotFoundException({ detail: USER_NOT_FOUND });
        throw error;
      });
      return list.reflections.map(toReflection);
    }
    return this.content(caller, reply, id, kind, query.cursor, query.limit ?? 20);
  }

  @Post(':id/follow')
  @HttpCode(200)
  @ApiMemberId()
  @ApiOkResponse({ type: FollowResponse, description: "Following now; the counts are the member's" })
  @ApiBroken('Following oneself')
  @ApiNotFound('"User not found"')
  async follow(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<FollowResponse> {
    return toFollow(await this.social.follow(caller, id));
  }

  // Both spellings of the spec (A L185) answer the same.
  @Delete(':id/follow')
  @HttpCode(200)
  @ApiMemberId()
  @ApiOkResponse({
    type: FollowResponse,
    description: "Not following (any more); the counts are the member's",
  })
  @ApiNotFound('"User not found"')
  async unfollow(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<FollowResponse> {
    return toFollow(await this.social.unfollow(caller, id));
  }

  @Delete(':id/unfollow')
  @HttpCode(200)
  @ApiMemberId()
  @ApiOkResponse({ type: FollowResponse, description: 'Same as DELETE /users/{id}/follow' })
  @ApiNotFound('"User not found"')
  async unfollowVariant(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<FollowResponse> {
    return toFollow(await this.social.unfollow(caller, id));
  }

  @Post(':id/mute')
  @HttpCode(200)
  @ApiMemberId()
  @ApiOkResponse({
    type: MuteResponse,
    description:
      "Muted: the member's posts and stories leave the caller's feeds, stories and explore (their profile still shows them); they are not told. Muting again changes nothing",
  })
  @ApiBroken('"You cannot mute yourself"; "You can mute at most 1000 members"')
  @ApiNotFound('"User not found"')
  async mute(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MuteResponse> {
    return { muted: (await this.social.muteMember(caller, id)).muted };
  }

  @Delete(':id/mute')
  @HttpCode(200)
  @ApiMemberId()
  @ApiOkResponse({ type: MuteResponse, description: 'Not muted (any more)' })
  async unmute(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MuteResponse> {
    return { muted: (await this.social.unmuteMember(caller, id)).muted };
  }

  private async content(
    caller: AuthenticatedCaller,
    reply: FastifyReply,
    userId: string,
    kind: 'posts' | 'stories',
    cursor: string | undefined,
    limit: number,
  ): Promise<PostResponse[]> {
    const page = await this.social.listMemberContent(caller, {
      userId,
      kind,
      media: 'all',
      cursor: cursor ?? '',
      limit,
    });
    // Social answers an empty list for a member it does not know; only then is identity asked, so
    // that a missing member is 404 without a second call on every read.
    if (page.posts.length === 0 && !cursor) await this.profiles.assertExists(caller, userId);
    sendNextCursor(reply, page.nextCursor);
    return page.posts.map(toPost);
  }
}
