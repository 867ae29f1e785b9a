import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IdentityClient } from '../clients/identity.client';
import { RateLimit } from '../rate-limit/rate-limit';
import type { AuthenticatedCaller } from './access-token-verifier';
import { CurrentCaller, Public, SignedIn } from './auth.decorators';
import {
  ChangePasswordResponse,
  DetailResponse,
  ErrorResponse,
  PasswordResetRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from './auth.dto';
import { SessionsService } from './sessions.service';

/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED = 'If an account uses that email, we sent it a link to reset the password.';
export const VERIFICATION_SENT = 'We sent you a new link to confirm your email.';
const LINK_INVALID = '"This link is invalid or has expired. Ask for a new one."';

/** Links mailed to a member: resetting a forgotten password, confirming the e-mail address. */
@ApiTags('auth')
@SignedIn()
@Controller('auth')
export class EmailLinksController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
  ) {}

  @Post('password-reset/request')
  @Public()
  @RateLimit('password-reset')
  @HttpCode(202)
  @ApiAcceptedResponse({
    type: DetailResponse,
    description: `"${RESET_REQUESTED}" — the same answer whether or not the address has an account; the link (single use, an hour) goes out by mail`,
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async requestPasswordReset(@Body() body: PasswordResetRequest): Promise<DetailResponse> {
    await this.identity.requestPasswordReset(body.email);
    return { detail: RESET_REQUESTED };
  }

  @Post('password-reset')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({
    type: ChangePasswordResponse,
    description:
      'The new password is set; every session of the member is signed out at once (sign in with the new password, and the second factor if on)',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: `${LINK_INVALID}, or a password rule, e.g. "Password must be at least 8 characters"`,
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async resetPassword(@Body() body: ResetPasswordRequest): Promise<ChangePasswordResponse> {
    const { endedSessionIds } = await this.identity.resetPassword({
      token: body.token,
      newPassword: body.new_password,
    });
    for (const sessionId of endedSessionIds) await this.sessions.endSession(sessionId);
    return { sessions_ended: endedSessionIds.length };
  }

  @Post('verify-email')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({ type: DetailResponse, description: 'The address is confirmed' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: LINK_INVALID })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async verifyEmail(@Body() body: VerifyEmailRequest): Promise<DetailResponse> {
    await this.identity.verifyEmail(body.token);
    return { detail: 'Your email is confirmed.' };
  }

  @Post('verify-email/resend')
  @RateLimit('account-security')
  @HttpCode(202)
  @ApiBearerAuth()
  @ApiAcceptedResponse({
    type: DetailResponse,
    description: `"${VERIFICATION_SENT}"; earlier links stop working`,
  })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"Your email is already confirmed"' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  async resendVerification(@CurrentCaller() caller: AuthenticatedCaller): Promise<DetailResponse> {
    await this.identity.resendVerificationEmail(caller);
    return { detail: VERIFICATION_SENT };
  }
}
