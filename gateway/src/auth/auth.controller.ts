import '@fastify/cookie';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { identity } from '@aura/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdentityClient } from '../clients/identity.client';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { RateLimit } from '../rate-limit/rate-limit';
import type { AuthenticatedCaller } from './access-token-verifier';
import { CurrentCaller, Public } from './auth.decorators';
import {
  AuthResponse,
  ErrorResponse,
  LoginRequest,
  RegisterRequest,
  toUserResponse,
  UserResponse,
} from './auth.dto';

export const REFRESH_COOKIE = 'aura_refresh';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly identity: IdentityClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('register')
  @Public()
  @RateLimit('register')
  @HttpCode(201)
  @ApiCreatedResponse({ type: AuthResponse, description: 'Signed up and signed in' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'A rule is broken, e.g. "Username already taken"',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  @ApiResponse({ status: 429, type: ErrorResponse })
  async register(
    @Body() body: RegisterRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const session = await this.identity.register({
      username: body.username,
      email: body.email,
      password: body.password,
      displayName: body.display_name ?? '',
    });
    return this.answer(session, reply);
  }

  @Post('login')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponse })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Bad credentials' })
  @ApiResponse({ status: 422, type: ErrorResponse })
  @ApiResponse({ status: 429, type: ErrorResponse })
  async login(
    @Body() body: LoginRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    return this.answer(
      await this.identity.login({ username: body.username, password: body.password }),
      reply,
    );
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
    const session = await this.identity.refresh(token).catch((error: { code?: number }) => {
      if (error.code === 16) this.clearCookie(reply);
      throw error;
    });
    return this.answer(session, reply);
  }

  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The refresh token is revoked and its cookie cleared' })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = request.cookies?.[REFRESH_COOKIE];
    if (token) await this.identity.logout(token);
    this.clearCookie(reply);
  }

  private answer(session: identity.AuthSession, reply: FastifyReply): AuthResponse {
    void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.AURA_ENV === 'production',
      path: '/api/auth',
      expires: new Date(session.refreshExpiresAt),
    });
    return {
      access_token: session.accessToken,
      token_type: 'bearer',
      expires_in: session.expiresIn,
      user: toUserResponse(session.user!, { includeEmail: true }),
    };
  }

  private clearCookie(reply: FastifyReply): void {
    void reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  }
}
