import '@fastify/cookie';
import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { identity } from '@aura/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdentityClient } from '../clients/identity.client';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { RateLimit, RateLimiter } from '../rate-limit/rate-limit';
import { AccessTokenVerifier, type AuthenticatedCaller } from './access-token-verifier';
import { CurrentCaller, Public, SignedIn } from './auth.decorators';
import {
  AuthResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  DeviceSessionResponse,
  EndSessionsResponse,
  ErrorResponse,
  LoginRequest,
  RegisterRequest,
  SecondFactorLoginRequest,
  SecondFactorRequiredResponse,
  toUserResponse,
  UserResponse,
} from './auth.dto';
import { clientOf } from './client-info';
import { clearRefreshCookie, REFRESH_COOKIE, sessionAnswer } from './session-answer';
import { SessionsService } from './sessions.service';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
/**
 * The one answer to a sign-up whose username or e-mail is already registered (issue 18): it does not
 * say which, so an anonymous caller cannot learn from it that an e-mail has an account. The spec
 * fixes no text for it (identity's own messages, "Username already taken" and "Email already
 * registered", stay inside). See docs/security.md for what this does and does not hide.
 */
export const REGISTRATION_UNAVAILABLE =
  'This username or email cannot be used. Choose another, or sign in if you already have an account.';
const TAKEN = new Set(['Username already taken', 'Email already registered']);
const UNAUTHENTICATED = 16;
const FAILED_PRECONDITION = 9;

@ApiTags('auth')
@SignedIn()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly identity: IdentityClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionsService,
    private readonly verifier: AccessTokenVerifier,
  ) {}

  @Post('register')
  @Public()
  @RateLimit('register')
  @HttpCode(201)
  @ApiCreatedResponse({ type: AuthResponse, description: 'Signed up and signed in' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: `A rule is broken, e.g. "Password must be at least 8 characters"; a username or e-mail already registered: "${REGISTRATION_UNAVAILABLE}"`,
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async register(
    @Body() body: RegisterRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const session = await this.identity
      .register({
        username: body.username,
        email: body.email,
        password: body.password,
        displayName: body.display_name ?? '',
        client: clientOf(request),
      })
      .catch((error: { code?: number; details?: string }) => {
        if (error.code === FAILED_PRECONDITION && TAKEN.has(error.details ?? ''))
          throw new BadRequestException({ detail: REGISTRATION_UNAVAILABLE });
        throw error;
      });
    return this.answer(session, reply);
  }

  @Post('login')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiExtraModels(AuthResponse, SecondFactorRequiredResponse)
  @ApiOkResponse({
    description:
      'Signed in; or, for a member with two-factor authentication, second_factor_required and the token for POST /api/auth/login/second-factor',
    schema: {
      oneOf: [{ $ref: getSchemaPath(AuthResponse) }, { $ref: getSchemaPath(SecondFactorRequiredResponse) }],
    },
  })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Bad credentials' })
  @ApiResponse({ status: 422, type: ErrorResponse })
  async login(
    @Body() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse | SecondFactorRequiredResponse> {
    const outcome = await this.identity
      .login({ username: body.username, password: body.password, client: clientOf(request) })
      .catch(async (error: { code?: number }) => {
        // Counted per account, whatever the address: a password spray over many addresses stops too.
        if (error.code === UNAUTHENTICATED) await this.limiter.recordLoginFailure(body.username);
        throw error;
      });
    if (!outcome.session)
      return {
        second_factor_required: true,
        second_factor_token: outcome.secondFactorToken,
        passkey_available: outcome.passkeyAvailable,
      };
    return this.answer(outcome.session, reply);
  }

  @Post('login/second-factor')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponse, description: 'Signed in' })
  @ApiResponse({
    status: 401,
    type: ErrorResponse,
    description:
      '"Invalid verification code"; or, after five wrong codes or five minutes, "This sign-in has expired or had too many tries. Please sign in again."',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async completeLogin(
    @Body() body: SecondFactorLoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const session = await this.identity.completeLogin({
      secondFactorToken: body.second_factor_token,
      code: body.code,
      client: clientOf(request),
    });
    return this.answer(session, reply);
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiOkResponse({ type: UserResponse })
  @ApiResponse({ status: 401, type: ErrorResponse })
  async me(@CurrentCaller() caller: AuthenticatedCaller): Promise<UserResponse> {
    const user = await this.identity.getUser(caller.userId, caller).catch((error: { code?: number }) => {
      // A valid token for a member who no longer exists is a dead session, not a missing page.
      if (error.code === 5) throw new UnauthorizedException({ detail: SESSION_EXPIRED });
      throw error;
    });
    return toUserResponse(user, { includeEmail: true });
  }

  @Post('change-password')
  @RateLimit('password')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({
    type: ChangePasswordResponse,
    description:
      'Changed; every other session of the member is signed out at once (refresh tokens revoked, access tokens refused, sockets closed); this one stays',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'e.g. "Password must be at least 8 characters"',
  })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: '"Incorrect password" (the current one)' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async changePassword(
    @Body() body: ChangePasswordRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ChangePasswordResponse> {
    const { endedSessionIds } = await this.identity.changePassword(caller, {
      currentPassword: body.current_password,
      newPassword: body.new_password,
      keepSessionId: caller.sessionId,
    });
    for (const sessionId of endedSessionIds) await this.sessions.endSession(sessionId);
    return { sessions_ended: endedSessionIds.length };
  }

  @Get('sessions')
  @ApiBearerAuth()
  @ApiOkResponse({
    type: DeviceSessionResponse,
    isArray: true,
    description: "The caller's signed-in devices, the most recently active first (at most 50)",
  })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  async listSessions(@CurrentCaller() caller: AuthenticatedCaller): Promise<DeviceSessionResponse[]> {
    const { sessions } = await this.identity.listSessions(caller, caller.sessionId);
    return sessions.map((session) => ({
      id: session.id,
      started_at: session.startedAt,
      last_seen_at: session.lastSeenAt,
      user_agent: session.userAgent,
      ip: session.ip,
      current: session.current,
    }));
  }

  @Delete('sessions/:id')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({
    type: EndSessionsResponse,
    description:
      'That device is signed out at once (refresh token revoked, access tokens refused, sockets closed); ending the own session signs this device out too',
  })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: '"Session not found": not the caller\'s, or already ended',
  })
  async endSession(
    @Param('id') sessionId: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<EndSessionsResponse> {
    const { endedSessionIds } = await this.identity.endSessions(caller, {
      sessionId,
      allOthers: false,
      keepSessionId: '',
    });
    for (const ended of endedSessionIds) await this.sessions.endSession(ended);
    return { sessions_ended: endedSessionIds.length };
  }

  @Post('sessions/end-others')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({
    type: EndSessionsResponse,
    description: 'Every other device of the caller is signed out at once; this one stays',
  })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Not signed in' })
  async endOtherSessions(@CurrentCaller() caller: AuthenticatedCaller): Promise<EndSessionsResponse> {
    const { endedSessionIds } = await this.identity.endSessions(caller, {
      sessionId: '',
      allOthers: true,
      keepSessionId: caller.sessionId,
    });
    for (const ended of endedSessionIds) await this.sessions.endSession(ended);
    return { sessions_ended: endedSessionIds.length };
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiCookieAuth(REFRESH_COOKIE)
  @ApiOkResponse({ type: AuthResponse, description: 'A new access token; the refresh cookie is rotated' })
  @ApiResponse({ status: 401, type: ErrorResponse })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const token = request.cookies?.[REFRESH_COOKIE];
    if (!token) throw new UnauthorizedException({ detail: SESSION_EXPIRED });
    const session = await this.identity
      .refresh(token, clientOf(request))
      .catch((error: { code?: number }) => {
        if (error.code === 16) this.clearCookie(reply);
        throw error;
      });
    return this.answer(session, reply);
  }

  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiNoContentResponse({
    description:
      "The session ends: its refresh token is revoked and its cookie cleared, its access tokens are refused at once (the cookie's session, and the bearer token's if one is sent), its sockets are closed",
  })
  @ApiResponse({
    status: 503,
    type: ErrorResponse,
    description: 'Identity or Redis unavailable: the session could not be ended everywhere',
  })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = request.cookies?.[REFRESH_COOKIE];
    this.clearCookie(reply);
    const sessions = new Set<string>();
    if (token) {
      const ended = await this.identity.logout(token);
      if (ended.sessionId) sessions.add(ended.sessionId);
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    if (bearer) {
      const caller = await this.verifier.verify(bearer).catch(() => undefined);
      if (caller) sessions.add(caller.sessionId);
    }
    for (const sessionId of sessions) await this.sessions.endSession(sessionId);
  }

  private answer(session: identity.AuthSession, reply: FastifyReply): AuthResponse {
    return sessionAnswer(session, reply, this.config);
  }

  private clearCookie(reply: FastifyReply): void {
    clearRefreshCookie(reply);
  }
}
