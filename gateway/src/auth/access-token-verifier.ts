import type { Caller, Role } from '@aura/platform';
import { Inject, Injectable, OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { createLocalJWKSet, errors, JSONWebKeySet, jwtVerify } from 'jose';
import type { Logger } from 'pino';
import { IdentityClient } from '../clients/identity.client';
import { GATEWAY_LOGGER } from '../common/tokens';

export const TOKEN_ISSUER = 'aura-identity';
export const TOKEN_AUDIENCE = 'aura';
export const INVALID_TOKEN = 'Could not validate credentials';

/** How many verified tokens are remembered (a few hundred bytes each); all are forgotten when full. */
const VERIFIED_MAX = 10_000;

export interface AuthenticatedCaller extends Caller {
  username: string;
  /** The session (identity's refresh-token family) the token belongs to: what sign-out ends. */
  sessionId: string;
  /** When the token expires (ms since the epoch): a socket opened with it is closed then. */
  expiresAt: number;
}

/**
 * Verifies access tokens locally with identity's public keys (fetched over gRPC, refreshed when a
 * token names an unknown key), so authenticating a request costs no call to identity.
 */
@Injectable()
export class AccessTokenVerifier implements OnModuleInit {
  private keySet?: ReturnType<typeof createLocalJWKSet>;
  private lastFetch = 0;
  private fetching?: Promise<void>;
  /**
   * Tokens whose signature and claims were verified, until they expire: the same token on every
   * request of a session is checked once (Ed25519 was ~2.5 % of a request's CPU; issue 19). Whether
   * the session still stands is the session check's question, asked on every request all the same.
   * New signing keys (a rotation, a key withdrawn) forget them all.
   */
  private readonly verified = new Map<string, AuthenticatedCaller>();

  constructor(
    private readonly identity: IdentityClient,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // Identity may not be up yet: keep going, keys are fetched on first need.
    void this.refreshKeys().catch(() => undefined);
  }

  private refreshKeys(): Promise<void> {
    this.fetching ??= (async () => {
      try {
        const { jwksJson } = await this.identity.getSigningKeys();
        this.keySet = createLocalJWKSet(JSON.parse(jwksJson) as JSONWebKeySet);
        this.verified.clear();
        this.lastFetch = Date.now();
      } catch (error) {
        this.logger.warn({ err: error }, 'could not fetch token signing keys from identity');
        throw error;
      } finally {
        this.fetching = undefined;
      }
    })();
    return this.fetching;
  }

  async verify(token: string): Promise<AuthenticatedCaller> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known;
    if (known) this.verified.delete(token);
    const caller = await this.verifySignature(token);
    if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
    this.verified.set(token, caller);
    return caller;
  }

  private async verifySignature(token: string): Promise<AuthenticatedCaller> {
    if (!this.keySet) await this.refreshKeys();
    try {
      return await this.verifyWithCurrentKeys(token);
    } catch (error) {
      // A key rotation: fetch again, at most every 30 s, and retry once.
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - this.lastFetch > 30_000) {
        await this.refreshKeys();
        return this.verifyWithCurrentKeys(token);
      }
      throw new UnauthorizedException({ detail: INVALID_TOKEN });
    }
  }

  private async verifyWithCurrentKeys(token: string): Promise<AuthenticatedCaller> {
    const { payload } = await jwtVerify(token, this.keySet!, {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: ['EdDSA'],
    });
    // Every token names its session (`sid`), or it could not be ended at sign-out.
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !payload.sid)
      throw new UnauthorizedException({ detail: INVALID_TOKEN });
    // Frozen: the same object answers every later request with this token.
    return Object.freeze({
      userId: payload.sub,
      role: (payload.role as Role) ?? 'user',
      username: String(payload.username ?? ''),
      sessionId: payload.sid,
      expiresAt: (payload.exp ?? 0) * 1000,
    });
  }
}
