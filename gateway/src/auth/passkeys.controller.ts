import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { identity } from '@aura/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdentityClient } from '../clients/identity.client';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { RateLimit } from '../rate-limit/rate-limit';
import type { AuthenticatedCaller } from './access-token-verifier';
import { CurrentCaller, Public, SignedIn } from './auth.decorators';
import {
  AuthResponse,
  ErrorResponse,
  FinishPasskeyRegistrationRequest,
  FinishPasskeySignInRequest,
  PasskeyResponse,
  PasswordConfirmationRequest,
  SecondFactorPasskeyOptionsRequest,
  SecondFactorPasskeyRequest,
  WebAuthnOptionsResponse,
} from './auth.dto';
import { clientOf } from './client-info';
import { sessionAnswer } from './session-answer';

const NOT_SAVED = '"The passkey could not be saved. Try again." or "You can keep at most 10 passkeys"';

/** Passkeys (WebAuthn): the caller's list, registering and removing one, and the password-less sign-in. */
@ApiTags('auth')
@SignedIn()
@Controller('auth/passkeys')
export class PasskeysController {
  constructor(
    private readonly identity: IdentityClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @ApiBearerAuth()
  @ApiOkResponse({ type: PasskeyResponse, isArray: true, description: "The caller's passkeys, newest first" })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  async list(@CurrentCaller() caller: AuthenticatedCaller): Promise<PasskeyResponse[]> {
    return (await this.identity.listPasskeys(caller)).passkeys.map(toPasskey);
  }

  @Post('registration/options')
  @RateLimit('account-security')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: WebAuthnOptionsResponse, description: 'Options to create a passkey on this device' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"You can keep at most 10 passkeys"' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: '"Incorrect password"' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async registrationOptions(
    @Body() body: PasswordConfirmationRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<WebAuthnOptionsResponse> {
    return toOptions(await this.identity.beginPasskeyRegistration(caller, body.password));
  }

  @Post('registration')
  @RateLimit('account-security')
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiOkResponse({ type: PasskeyResponse, description: 'Saved: it signs this member in from now on' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: NOT_SAVED })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async register(
    @Body() body: FinishPasskeyRegistrationRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<PasskeyResponse> {
    return toPasskey(
      await this.identity.finishPasskeyRegistration(caller, {
        ceremonyId: body.ceremony_id,
        responseJson: JSON.stringify(body.response),
        name: body.name ?? '',
      }),
    );
  }

  @Delete(':id')
  @RateLimit('account-security')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiResponse({ status: 204, description: 'Removed: it no longer signs in' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: '"Incorrect password"' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: '"Passkey not found"' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async remove(
    @Param('id') passkeyId: string,
    @Body() body: PasswordConfirmationRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<void> {
    await this.identity.removePasskey(caller, { passkeyId, password: body.password });
  }

  @Post('sign-in/options')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({
    type: WebAuthnOptionsResponse,
    description: 'Options to sign in with a passkey of this site',
  })
  async signInOptions(): Promise<WebAuthnOptionsResponse> {
    return toOptions(await this.identity.beginPasskeySignIn());
  }

  @Post('sign-in')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponse, description: 'Signed in (the passkey stands for both factors)' })
  @ApiResponse({
    status: 401,
    type: ErrorResponse,
    description: '"That passkey could not sign you in. Try again or use your password."',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async signIn(
    @Body() body: FinishPasskeySignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const session = await this.identity.finishPasskeySignIn({
      ceremonyId: body.ceremony_id,
      responseJson: JSON.stringify(body.response),
      client: clientOf(request),
    });
    return sessionAnswer(session, reply, this.config);
  }
}

/** The second step of a password sign-in, answered with a passkey instead of a code. */
@ApiTags('auth')
@Controller('auth/passkeys/second-factor')
export class SecondFactorPasskeyController {
  constructor(
    private readonly identity: IdentityClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('options')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({ type: WebAuthnOptionsResponse, description: "Options naming the member's passkeys" })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"You have no passkey"' })
  @ApiResponse({
    status: 401,
    type: ErrorResponse,
    description: '"This sign-in has expired or had too many tries. Please sign in again."',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async options(@Body() body: SecondFactorPasskeyOptionsRequest): Promise<WebAuthnOptionsResponse> {
    return toOptions(await this.identity.beginSecondFactorPasskey(body.second_factor_token));
  }

  @Post()
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponse, description: 'Signed in' })
  @ApiResponse({
    status: 401,
    type: ErrorResponse,
    description:
      '"That passkey could not sign you in. Try again or use your password." (counts as a wrong code); "This sign-in has expired or had too many tries. Please sign in again."',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async complete(
    @Body() body: SecondFactorPasskeyRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const session = await this.identity.completeLoginWithPasskey({
      secondFactorToken: body.second_factor_token,
      ceremonyId: body.ceremony_id,
      responseJson: JSON.stringify(body.response),
      client: clientOf(request),
    });
    return sessionAnswer(session, reply, this.config);
  }
}

function toPasskey(passkey: identity.Passkey): PasskeyResponse {
  return {
    id: passkey.id,
    name: passkey.name,
    created_at: passkey.createdAt,
    last_used_at: passkey.lastUsedAt || null,
  };
}

function toOptions(options: identity.WebAuthnOptions): WebAuthnOptionsResponse {
  return {
    ceremony_id: options.ceremonyId,
    options: JSON.parse(options.optionsJson) as Record<string, unknown>,
  };
}
