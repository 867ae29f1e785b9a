import { RestrictionMessages } from '../restrictions/restriction';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  annotate,
  CONFIG,
  Forbidden,
  LOGGER,
  NotFound,
  RuleViolation,
  Unauthenticated,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import type { Logger } from 'pino';
import type { IdentityConfig } from '../config';
import { signups } from '../metrics';
import { signAccessToken } from '../tokens/access-tokens';
import { refreshExpiry } from '../tokens/session-lifetime';
import { RefreshTokensRepository } from '../tokens/refresh-tokens.repository';
import { DeviceSession, DeviceSessionsRepository } from '../tokens/device-sessions.repository';
import { LoginChallengesRepository } from '../two-factor/login-challenges.repository';
import { SecondFactor } from '../two-factor/second-factor';
import { SIGNING_KEY } from '../tokens/tokens.providers';
import type { SigningKey } from '../tokens/signing-key';
import {
  RegistrationInput,
  RegistrationMessages,
  validatePassword,
  validateRegistration,
} from '../users/registration-rules';
import type { User } from '../users/user';
import { UsersRepository } from '../users/users.repository';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const INCORRECT_PASSWORD = 'Incorrect password';
export const SAME_PASSWORD = 'New password must be different from the current one';
export const SESSION_NOT_FOUND = 'Session not found';
export const SIGN_IN_AGAIN = 'This sign-in has expired or had too many tries. Please sign in again.';
export const INVALID_CODE = 'Invalid verification code';

/** How long the second step of a sign-in waits for its code. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * How much longer than a refresh token's lifetime a family's revocation is kept: a refresh that was
 * already past its revocation check when the family was revoked may still issue one token after it.
 */
const REVOCATION_MARGIN_MS = 3600_000;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface Session {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
  sessionId: string;
  user: User;
  /** This sign-in cancelled the member's scheduled account deletion. */
  deletionCancelled: boolean;
}

/** A sign-in that passed the password and now needs the member's second factor. */
export interface SecondFactorChallenge {
  secondFactorToken: string;
  expiresAt: Date;
  userId: string;
}

/** The device a request came from, as the gateway saw it (the Devices screen shows it). */
export interface ClientDevice {
  userAgent: string;
  ip: string;
}

const UNKNOWN_DEVICE: ClientDevice = { userAgent: '', ip: '' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified against when the username is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RefreshTokensRepository) private readonly refreshTokens: RefreshTokensRepository,
    @Inject(DeviceSessionsRepository) private readonly devices: DeviceSessionsRepository,
    @Inject(SecondFactor) private readonly secondFactor: SecondFactor,
    @Inject(LoginChallengesRepository) private readonly challenges: LoginChallengesRepository,
    @Inject(SIGNING_KEY) private readonly signingKey: SigningKey,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    signups.touch();
    this.dummyHash = argon2.hash(randomUUID(), ARGON2_OPTIONS);
  }

  hashPassword(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async register(input: RegistrationInput, device: ClientDevice = UNKNOWN_DEVICE): Promise<Session> {
    const registration = validateRegistration(input);
    // Friendly early answers; the unique indexes stay the real arbiter under races.
    if (await this.users.usernameTaken(registration.username)) {
      throw new RuleViolation(RegistrationMessages.usernameTaken);
    }
    if (await this.users.emailTaken(registration.email))
      throw new RuleViolation(RegistrationMessages.emailTaken);
    const user = await this.users.create({
      username: registration.username,
      email: registration.email,
      displayName: registration.displayName,
      passwordHash: await this.hashPassword(registration.password),
      role: 'user',
    });
    signups.add(1);
    annotate({ 'aura.user_id': user.id, 'aura.member_id': user.id });
    this.logger.info({ userId: user.id }, 'member registered');
    return this.openSession(user, randomUUID(), new Date(), device);
  }

  /**
   * The password step. A member with a second factor gets a challenge instead of a session: the token
   * that `completeLogin` takes with their code.
   */
  async login(
    username: string,
    password: string,
    device: ClientDevice = UNKNOWN_DEVICE,
  ): Promise<Session | SecondFactorChallenge> {
    const user = await this.users.findByUsername(username);
    const hash = user?.passwordHash ?? (await this.dummyHash!);
    const matches = await argon2.verify(hash, password).catch(() => false);
    if (!user || !matches) throw new Unauthenticated(INVALID_CREDENTIALS);
    annotate({ 'aura.user_id': user.id, 'aura.member_id': user.id });
    if (await this.secondFactor.isOn(user.id)) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
      await this.challenges.create(hashToken(token), user.id, expiresAt);
      return { secondFactorToken: token, expiresAt, userId: user.id };
    }
    return this.openSession(user, randomUUID(), new Date(), device);
  }

  /**
   * A new session for a member whom something other than the password proved (a passkey, which holds
   * the key and verified the member itself).
   */
  async openVerifiedSession(user: User, device: ClientDevice = UNKNOWN_DEVICE): Promise<Session> {
    annotate({ 'aura.user_id': user.id, 'aura.member_id': user.id });
    return this.openSession(user, randomUUID(), new Date(), device);
  }

  /**
   * The second step: the challenge of `login` and a code of the member's authenticator or a recovery
   * code. A few wrong codes spend the challenge; a good one opens the session (once).
   */
  async completeLogin(token: string, code: string, device: ClientDevice = UNKNOWN_DEVICE): Promise<Session> {
    const userId = await this.attemptSecondStep(token);
    if (!(await this.secondFactor.verify(userId, code))) throw new Unauthenticated(INVALID_CODE);
    return this.finishSecondStep(token, userId, device);
  }

  /** The member of a sign-in waiting for its second step (no try counted), or UNAUTHENTICATED. */
  async pendingSecondStep(token: string): Promise<string> {
    const userId = token ? await this.challenges.peek(hashToken(token), new Date()) : null;
    if (!userId) throw new Unauthenticated(SIGN_IN_AGAIN);
    return userId;
  }

  /** Counts a try of the second step: its member, or UNAUTHENTICATED when spent, expired or out of tries. */
  async attemptSecondStep(token: string): Promise<string> {
    const userId = token ? await this.challenges.attempt(hashToken(token), new Date()) : null;
    if (!userId) throw new Unauthenticated(SIGN_IN_AGAIN);
    return userId;
  }

  /** The second step passed: the challenge is spent (once) and the session opens. */
  async finishSecondStep(token: string, userId: string, device: ClientDevice): Promise<Session> {
    if (!(await this.challenges.consume(hashToken(token)))) throw new Unauthenticated(SIGN_IN_AGAIN);
    const user = await this.users.findById(userId);
    if (!user) throw new Unauthenticated(SIGN_IN_AGAIN);
    annotate({ 'aura.user_id': user.id, 'aura.member_id': user.id });
    return this.openSession(user, randomUUID(), new Date(), device);
  }

  /**
   * Step-up check before a money movement out (a withdrawal): the caller's own password, so that a
   * stolen access token alone cannot move money out. Same cost for every outcome.
   */
  async verifyPassword(userId: string, password: string): Promise<User> {
    const user = await this.users.findById(userId);
    const hash = user?.passwordHash ?? (await this.dummyHash!);
    const matches = await argon2.verify(hash, password).catch(() => false);
    if (!user) throw new Unauthenticated(SESSION_EXPIRED);
    if (!password || !matches) throw new Forbidden(INCORRECT_PASSWORD);
    return user;
  }

  /**
   * The member's new password, given the current one. Every other session ends (a leaked password's
   * sessions with it); `keepSessionId`, the caller's own, stays. Answers the sessions ended.
   */
  async changePassword(
    userId: string,
    keepSessionId: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<string[]> {
    validatePassword(newPassword);
    const user = await this.verifyPassword(userId, currentPassword);
    if (newPassword === currentPassword) throw new RuleViolation(SAME_PASSWORD);
    if (!(await this.users.setPasswordHash(user.id, await this.hashPassword(newPassword))))
      throw new Unauthenticated(SESSION_EXPIRED);
    const others = await this.endOtherSessions(user.id, keepSessionId);
    this.logger.info({ userId: user.id, sessionsEnded: others.length }, 'password changed');
    return others;
  }

  /** The member's signed-in devices, the most recently active first. */
  async listSessions(userId: string): Promise<DeviceSession[]> {
    const sessions = await this.devices.listOf(userId);
    // A refresh racing the session's end may have written its device back: the revocation decides.
    const ended = await this.refreshTokens.endedAmong(sessions.map((session) => session.id));
    return sessions.filter((session) => !ended.has(session.id));
  }

  /** Ends one of the member's sessions (a device signed out from another). */
  async endSession(userId: string, sessionId: string): Promise<string[]> {
    if (!sessionId || !(await this.devices.belongsTo(sessionId, userId)))
      throw new NotFound(SESSION_NOT_FOUND);
    await this.revokeFamily(sessionId);
    this.logger.info({ userId, sessionId }, 'session ended from another device');
    return [sessionId];
  }

  /**
   * Ends every session of the member but `keepSessionId`: all their refresh-token families, also those
   * opened before devices were recorded. Answers the sessions ended.
   */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<string[]> {
    const others = (await this.refreshTokens.familiesOf(userId)).filter((family) => family !== keepSessionId);
    for (const family of others) await this.revokeFamily(family);
    return others;
  }

  /** Rotation: the presented token is spent; a replayed token revokes its whole family. */
  async refresh(refreshToken: string, device: ClientDevice = UNKNOWN_DEVICE): Promise<Session> {
    const result = await this.refreshTokens.consume(hashToken(refreshToken));
    if (result.outcome === 'reused') {
      await this.revokeFamily(result.familyId);
      this.logger.warn({ familyId: result.familyId }, 'refresh token replayed: session family revoked');
      throw new Unauthenticated(SESSION_EXPIRED);
    }
    if (result.outcome === 'invalid') throw new Unauthenticated(SESSION_EXPIRED);
    const user = await this.users.findById(result.userId);
    if (!user) throw new Unauthenticated(SESSION_EXPIRED);
    return this.openSession(user, result.familyId, result.sessionStartedAt, device);
  }

  /** Ends the token's session (its whole family); answers which one, for the gateway. */
  async logout(refreshToken: string): Promise<{ sessionId: string; userId: string } | null> {
    if (!refreshToken) return null;
    const token = await this.refreshTokens.familyOf(hashToken(refreshToken));
    if (!token) return null;
    await this.revokeFamily(token.familyId);
    return { sessionId: token.familyId, userId: token.userId };
  }

  /** Revoked for as long as a token of the family could still be valid; off the Devices list. */
  private async revokeFamily(familyId: string): Promise<void> {
    const ttlMs =
      Math.max(this.config.AURA_REFRESH_TOKEN_TTL_SECONDS, this.config.AURA_SESSION_MAX_AGE_SECONDS) * 1000;
    await this.refreshTokens.revokeFamily(familyId, new Date(Date.now() + ttlMs + REVOCATION_MARGIN_MS));
    await this.devices.remove([familyId]);
  }

  async getUser(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFound('User not found');
    return user;
  }

  /**
   * A new refresh token of the session (family) and an access token naming it. The refresh token lives
   * AURA_REFRESH_TOKEN_TTL_SECONDS from now but never past AURA_SESSION_MAX_AGE_SECONDS after the
   * session began: rotations do not slide a session forever.
   */
  private async openSession(
    user: User,
    familyId: string,
    sessionStartedAt: Date,
    device: ClientDevice,
  ): Promise<Session> {
    const refreshExpiresAt = refreshExpiry(
      new Date(),
      sessionStartedAt,
      this.config.AURA_REFRESH_TOKEN_TTL_SECONDS,
      this.config.AURA_SESSION_MAX_AGE_SECONDS,
    );
    if (!refreshExpiresAt) throw new Unauthenticated(SESSION_EXPIRED);
    // Every way in (password, second step, passkey, refresh) ends here: a banned member gets no session.
    if (user.restriction?.kind === 'banned')
      throw new Forbidden(RestrictionMessages.banned(user.restriction.reason));
    // Signing in again within the grace period is how a member who asked to leave stays.
    const deletionCancelled = user.deletionScheduledFor ? await this.users.cancelDeletion(user.id) : false;
    if (deletionCancelled) {
      this.logger.info({ userId: user.id }, 'account deletion cancelled by signing in');
      user = { ...user, deletionScheduledFor: null };
    }
    const refreshToken = randomBytes(32).toString('base64url');
    await this.refreshTokens.insert(
      hashToken(refreshToken),
      user.id,
      familyId,
      refreshExpiresAt,
      sessionStartedAt,
    );
    await this.devices.seen({
      userId: user.id,
      sessionId: familyId,
      startedAt: sessionStartedAt,
      expiresAt: refreshExpiresAt,
      ...device,
    });
    // An access token never outlives its session either.
    const secondsLeft = Math.floor((refreshExpiresAt.getTime() - Date.now()) / 1000);
    const expiresIn = Math.max(1, Math.min(this.config.AURA_ACCESS_TOKEN_TTL_SECONDS, secondsLeft));
    const accessToken = await signAccessToken(this.signingKey, user, expiresIn, familyId);
    return {
      accessToken,
      expiresIn,
      refreshToken,
      refreshExpiresAt,
      sessionId: familyId,
      user,
      deletionCancelled,
    };
  }
}
