import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ApiMalformed, ApiMember } from './social.docs';
import { MutedMemberResponse } from './social.dto';
import { toMutedMember } from './social.mappers';
import { NEXT_CURSOR_DOC, sendNextCursor } from './social.paging';
import { MutesQuery } from './social.query';

/** The members the caller muted (Settings → Privacy); muting is POST/DELETE /users/{id}/mute. */
@ApiTags('members')
@ApiMember()
@SignedIn()
@Controller('mutes')
export class MutesController {
  constructor(private readonly social: SocialClient) {}

  @Get()
  @ApiOkResponse({
    type: MutedMemberResponse,
    isArray: true,
    description: 'The members the caller muted, the most recent first',
    headers: NEXT_CURSOR_DOC,
  })
  @ApiMalformed()
  async list(
    @Query() query: MutesQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MutedMemberResponse[]> {
    const page = await this.social.listMutes(caller, {
      cursor: query.cursor ?? '',
      limit: query.limit ?? 50,
    });
    sendNextCursor(reply, page.nextCursor);
    return page.mutes.map(toMutedMember);
  }
}
