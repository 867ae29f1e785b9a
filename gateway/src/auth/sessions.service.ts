import { type Role } from '@aura/platform';
import { HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { tryAgainShortly } from '../common/try-again';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from '../common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { RealtimeEmitter } from '../realtime/realtime.emitter';
import { memberRoom, sessionRoom } from '../realtime/realtime.keys';
import type { AuthenticatedCaller } from './access-token-verifier';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const RANKS: Record<Role, number> = { user: 0, admin: 1, super_admin: 2 };
/** Unknown roles rank highest: a token naming one is never taken for more than the current role. */
const rank = (role: Role) => RANKS[role] ?? Number.MAX_SAFE_INTEGER;
const UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/**
 * Ends access tokens before they expire (issue 18). Access tokens are verified locally and live
 * AURA_ACCESS_TOKEN_TTL_SECONDS; two short-lived Redis marks, checked on every authenticated request
 * and socket handshake, end them early:
 * - `revoked:<sid>`: the session (refresh-token family) was signed out: its tokens are refused;
 * - `banned:<userId>`: a moderator banned the member: all their tokens are refused;
 * - `role:<userId>`: the member's role changed: a token carrying a higher role than the current one is
 *   refused, so the client refreshes and gets one with the current role (a demoted admin loses admin
 *   views at once). A token of a lower role stays valid: role-gated routes read the current role
 *   anyway, so a promotion works without signing in again.
 * Both live as long as a token issued before them could (the access token TTL + a minute). The check
 * fails closed: when Redis cannot answer, the request is refused with 503, never let through.
 * Ending a session or changing a role also closes the sockets concerned, on every gateway process.
 */
@Injectable()
export class SessionsService {
  private readonly prefix: string;
  private readonly markSeconds: number;

  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    private readonly realtime: RealtimeEmitter,
  ) {
    this.prefix = `auth:${config.KAFKA_GROUP_PREFIX}`;
    this.markSeconds = config.AURA_ACCESS_TOKEN_TTL_SECONDS + 60;
  }

  private revokedKey = (sessionId: string) => `${this.prefix}:revoked:${sessionId}`;
  private roleKey = (userId: string) => `${this.prefix}:role:${userId}`;
  private bannedKey = (userId: string) => `${this.prefix}:banned:${userId}`;

  /** 401 when the caller's session was ended or their role changed since the token; 503 without Redis. */
  async assertActive(caller: AuthenticatedCaller): Promise<void> {
    let marks: (string | null)[];
    try {
      marks = await this.redis.mget(
        this.revokedKey(caller.sessionId),
        this.roleKey(caller.userId),
        this.bannedKey(caller.userId),
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'session check unavailable: request refused');
      throw this.unavailable();
    }
    const [revoked, role, banned] = marks;
    if (revoked || banned || (role && rank(caller.role) > rank(role as Role)))
      throw new UnauthorizedException({ detail: SESSION_ENDED });
  }

  /** Signs a session out everywhere: its access tokens are refused and its sockets closed. */
  async endSession(sessionId: string): Promise<void> {
    await this.write(() => this.redis.set(this.revokedKey(sessionId), '1', 'EX', this.markSeconds));
    this.realtime.disconnect([sessionRoom(sessionId)]);
  }

  /** The member's role is now `role`: tokens of a higher role are refused; their sockets close. */
  async roleChanged(userId: string, role: Role): Promise<void> {
    await this.write(() => this.redis.set(this.roleKey(userId), role, 'EX', this.markSeconds));
    this.realtime.disconnect([memberRoom(userId)]);
  }

  /**
   * A moderator banned the member: every token of theirs is refused and their sockets close now; once
   * the tokens have expired, identity (which ended their sessions) opens no new one.
   */
  async memberBanned(userId: string): Promise<void> {
    await this.write(() => this.redis.set(this.bannedKey(userId), '1', 'EX', this.markSeconds));
    this.realtime.disconnect([memberRoom(userId)]);
  }

  /** The ban was lifted: the member's new tokens work again (identity lets them sign in). */
  async memberUnbanned(userId: string): Promise<void> {
    await this.write(() => this.redis.del(this.bannedKey(userId)));
  }

  private async write(command: () => Promise<unknown>): Promise<void> {
    try {
      await command();
    } catch (error) {
      this.logger.error({ err: error }, 'could not record a session change');
      throw this.unavailable();
    }
  }

  private unavailable(): HttpException {
    return tryAgainShortly(UNAVAILABLE);
  }
}
