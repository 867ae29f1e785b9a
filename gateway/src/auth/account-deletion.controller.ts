import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdentityClient } from '../clients/identity.client';
import { RateLimit } from '../rate-limit/rate-limit';
import type { AuthenticatedCaller } from './access-token-verifier';
import { CurrentCaller, SignedIn } from './auth.decorators';
import { AccountDeletionResponse, ErrorResponse, PasswordConfirmationRequest } from './auth.dto';
import { clearRefreshCookie } from './session-answer';
import { SessionsService } from './sessions.service';

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Leaving Aura (issue 21 §5, docs/account-deletion.md). */
@ApiTags('auth')
@SignedIn()
@Controller('auth/account')
export class AccountDeletionController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * With the password: the account is erased 30 days from now, and every session (this one too) ends.
   * Signing in again before then keeps the account (the sign-in answers `deletion_cancelled: true`).
   */
  @Post('delete')
  @RateLimit('password')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: AccountDeletionResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'An admin account cannot be deleted' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: '"Incorrect password"' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async schedule(
    @Body() body: PasswordConfirmationRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountDeletionResponse> {
    const { deleteAt, endedSessionIds } = await this.identity.scheduleAccountDeletion(caller, body.password);
    for (const sessionId of new Set([...endedSessionIds, caller.sessionId]))
      await this.sessions.endSession(sessionId);
    clearRefreshCookie(reply);
    return {
      message: `Your account will be deleted on ${LONG_DATE.format(new Date(deleteAt))}. Sign in before then to keep it.`,
      delete_at: deleteAt,
    };
  }
}
