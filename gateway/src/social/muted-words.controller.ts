import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { social } from '@aura/proto';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ApiBroken, ApiMalformed, ApiMember, ApiNotFound } from './social.docs';
import { MutedWordResponse, MuteWordRequest } from './social.dto';
import { MUTED_WORD_NOT_FOUND, MutedWordIdPipe } from './social.pipes';

const toMutedWord = (word: social.MutedWord): MutedWordResponse => ({
  id: word.id,
  phrase: word.phrase,
  created_at: word.createdAt,
  expires_at: word.expiresAt || null,
});

/**
 * The caller's muted words and tags (Settings → Privacy): posts and stories holding one leave their
 * feeds, stories and explore until the mute ends. The caller's own posts are never hidden from them.
 */
@ApiTags('members')
@ApiMember()
@SignedIn()
@Controller('muted-words')
export class MutedWordsController {
  constructor(private readonly social: SocialClient) {}

  @Get()
  @ApiOkResponse({ type: MutedWordResponse, isArray: true, description: 'In force now, the newest first' })
  async list(@CurrentCaller() caller: AuthenticatedCaller): Promise<MutedWordResponse[]> {
    return (await this.social.listMutedWords(caller)).words.map(toMutedWord);
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({
    type: MutedWordResponse,
    description: 'Muted (a phrase muted already gets the new expiry)',
  })
  @ApiBroken('"A muted word must be 1 to 50 characters"; "You can mute at most 100 words"')
  @ApiMalformed()
  async mute(
    @Body() body: MuteWordRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MutedWordResponse> {
    return toMutedWord(
      await this.social.muteWord(caller, { phrase: body.phrase, expiresInHours: body.expires_in_hours ?? 0 }),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'Unmuted' })
  @ApiNotFound(`"${MUTED_WORD_NOT_FOUND}"`)
  async unmute(
    @Param('id', MutedWordIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<void> {
    await this.social.unmuteWord(caller, id);
  }
}
