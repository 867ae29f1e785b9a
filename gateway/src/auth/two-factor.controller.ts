import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IdentityClient } from '../clients/identity.client';
import { RateLimit } from '../rate-limit/rate-limit';
import type { AuthenticatedCaller } from './access-token-verifier';
import { CurrentCaller, SignedIn } from './auth.decorators';
import {
  DisableTwoFactorRequest,
  EnableTotpRequest,
  ErrorResponse,
  PasswordConfirmationRequest,
  RecoveryCodesResponse,
  TotpSetupResponse,
  TwoFactorStatusResponse,
} from './auth.dto';

/** The caller's own second factor: an authenticator app (TOTP) and its recovery codes. */
@ApiTags('auth')
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
@SignedIn()
@Controller('auth/two-factor')
export class TwoFactorController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  @ApiOkResponse({ type: TwoFactorStatusResponse })
  async status(@CurrentCaller() caller: AuthenticatedCaller): Promise<TwoFactorStatusResponse> {
    return toStatus(await this.identity.getTwoFactor(caller));
  }

  @Post('totp')
  @RateLimit('account-security')
  @HttpCode(200)
  @ApiOkResponse({
    type: TotpSetupResponse,
    description:
      'A new secret for the authenticator app; sign-in does not ask for it until confirmed with POST /api/auth/two-factor/totp/enable within 15 minutes',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: '"Two-factor authentication is already on"',
  })
  @ApiResponse({ status: 403, type: ErrorResponse, description: '"Incorrect password"' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async beginTotpSetup(
    @Body() body: PasswordConfirmationRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<TotpSetupResponse> {
    const setup = await this.identity.beginTotpSetup(caller, body.password);
    return { secret: setup.secret, otpauth_uri: setup.otpauthUri };
  }

  @Post('totp/enable')
  @RateLimit('account-security')
  @HttpCode(200)
  @ApiOkResponse({
    type: RecoveryCodesResponse,
    description: 'On: every sign-in from now asks for a code; the ten recovery codes are shown this once',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      '"Invalid verification code", "This setup has expired. Start again." or "Two-factor authentication is already on"',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async enableTotp(
    @Body() body: EnableTotpRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<RecoveryCodesResponse> {
    return { recovery_codes: (await this.identity.enableTotp(caller, body.code)).codes };
  }

  @Post('recovery-codes')
  @RateLimit('account-security')
  @HttpCode(200)
  @ApiOkResponse({ type: RecoveryCodesResponse, description: 'Ten new codes; the old ones stop working' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"Two-factor authentication is not on"' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: '"Incorrect password"' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async renewRecoveryCodes(
    @Body() body: PasswordConfirmationRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<RecoveryCodesResponse> {
    return { recovery_codes: (await this.identity.renewRecoveryCodes(caller, body.password)).codes };
  }

  @Post('disable')
  @RateLimit('account-security')
  @HttpCode(200)
  @ApiOkResponse({ type: TwoFactorStatusResponse, description: 'Off: sign-in asks for the password only' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"Two-factor authentication is not on"' })
  @ApiResponse({
    status: 403,
    type: ErrorResponse,
    description: '"Incorrect password" or "Invalid verification code"',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async disable(
    @Body() body: DisableTwoFactorRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<TwoFactorStatusResponse> {
    return toStatus(
      await this.identity.disableTwoFactor(caller, { password: body.password, code: body.code }),
    );
  }
}

function toStatus(status: { totpEnabled: boolean; recoveryCodesLeft: number }): TwoFactorStatusResponse {
  return { totp_enabled: status.totpEnabled, recovery_codes_left: status.recoveryCodesLeft };
}
