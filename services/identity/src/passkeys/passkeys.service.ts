import { randomUUID } from 'node:crypto';
import { CONFIG, LOGGER, NotFound, RuleViolation, Unauthenticated } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Logger } from 'pino';
import { AuthService, ClientDevice, Session } from '../auth/auth.service';
import type { IdentityConfig } from '../config';
import { UsersRepository } from '../users/users.repository';
import { Passkey, PasskeysRepository } from './passkeys.repository';
import { Ceremony, CeremonyPurpose, WebAuthnCeremoniesRepository } from './webauthn-ceremonies.repository';

export const PASSKEY_NOT_SAVED = 'The passkey could not be saved. Try again.';
export const PASSKEY_SIGN_IN_FAILED = 'That passkey could not sign you in. Try again or use your password.';
export const TOO_MANY_PASSKEYS = 'You can keep at most 10 passkeys';
export const PASSKEY_NOT_FOUND = 'Passkey not found';
export const NO_PASSKEY = 'You have no passkey';
const MAX_PASSKEYS = 10;
const CEREMONY_TTL_MS = 5 * 60_000;
const RP_NAME = 'Aura';

export interface CeremonyOptions {
  ceremonyId: string;
  /** The options for @simplewebauthn/browser's startRegistration / startAuthentication, as JSON. */
  optionsJson: string;
}

/**
 * Passkeys (WebAuthn): a member registers one with their password, then signs in with it alone — the
 * authenticator holds the key and verifies the member (PIN, fingerprint), so it stands for both factors.
 * The relying party is the web app's host (AURA_PUBLIC_URL); only its origin is accepted.
 */
@Injectable()
export class PasskeysService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    @Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository,
    @Inject(WebAuthnCeremoniesRepository) private readonly ceremonies: WebAuthnCeremoniesRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(CONFIG) config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const url = new URL(config.AURA_PUBLIC_URL);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: string): Promise<Passkey[]> {
    return this.passkeys.listOf(userId);
  }

  /** Options to create a passkey on this device (password again: it signs in on its own afterwards). */
  async beginRegistration(userId: string, password: string, now = new Date()): Promise<CeremonyOptions> {
    const user = await this.auth.verifyPassword(userId, password);
    const existing = await this.passkeys.listOf(user.id);
    if (existing.length >= MAX_PASSKEYS) throw new RuleViolation(TOO_MANY_PASSKEYS);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpId,
      userName: user.username,
      userDisplayName: user.displayName,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      // A discoverable credential that verifies the member: it can sign in without a username or password.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return this.startCeremony('register', options.challenge, user.id, options, now);
  }

  /** The browser's answer: the passkey is kept under the name the member gave it. */
  async finishRegistration(
    userId: string,
    ceremonyId: string,
    responseJson: string,
    name: string,
    now = new Date(),
  ): Promise<Passkey> {
    const ceremony = await this.ceremonies.finish(ceremonyId, 'register', now);
    if (!ceremony || ceremony.userId !== userId) throw new RuleViolation(PASSKEY_NOT_SAVED);
    const response = parseJson<RegistrationResponseJSON>(responseJson, PASSKEY_NOT_SAVED);
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      requireUserVerification: true,
    }).catch((error: Error) => {
      this.logger.info({ userId, err: error.message }, 'passkey registration refused');
      return null;
    });
    if (!verification?.verified) throw new RuleViolation(PASSKEY_NOT_SAVED);
    if ((await this.passkeys.countOf(userId)) >= MAX_PASSKEYS) throw new RuleViolation(TOO_MANY_PASSKEYS);
    const { credential } = verification.registrationInfo;
    const passkey = {
      id: credential.id,
      userId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: name.trim().slice(0, 50) || 'Passkey',
      createdAt: now,
    };
    if (!(await this.passkeys.add(passkey))) throw new RuleViolation(PASSKEY_NOT_SAVED);
    this.logger.info({ userId, passkeyId: passkey.id }, 'passkey registered');
    return { ...passkey, lastUsedAt: null };
  }

  /** Options to sign in with any passkey of this site the device holds (no username asked). */
  async beginSignIn(now = new Date()): Promise<CeremonyOptions> {
    const options = await generateAuthenticationOptions({ rpID: this.rpId, userVerification: 'required' });
    return this.startCeremony('sign_in', options.challenge, '', options, now);
  }

  /** The authenticator's signature over the challenge: the session of the passkey's member. */
  async finishSignIn(
    ceremonyId: string,
    responseJson: string,
    device: ClientDevice,
    now = new Date(),
  ): Promise<Session> {
    const ceremony = await this.ceremonies.finish(ceremonyId, 'sign_in', now);
    if (!ceremony) throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    const passkey = await this.verified(ceremony, responseJson, true, now);
    const user = await this.users.findById(passkey.userId);
    if (!user) throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    return this.auth.openVerifiedSession(user, device);
  }

  /**
   * The second step after a password with a passkey instead of a code: options naming the member's
   * passkeys. The password already verified the member, so the authenticator need not again.
   */
  async beginSecondStep(secondFactorToken: string, now = new Date()): Promise<CeremonyOptions> {
    const userId = await this.auth.pendingSecondStep(secondFactorToken);
    const passkeys = await this.passkeys.listOf(userId);
    if (passkeys.length === 0) throw new RuleViolation(NO_PASSKEY);
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      userVerification: 'preferred',
    });
    return this.startCeremony('second_step', options.challenge, userId, options, now);
  }

  /** The passkey's answer to the second step: a try of the sign-in's challenge, then its session. */
  async completeSecondStep(
    secondFactorToken: string,
    ceremonyId: string,
    responseJson: string,
    device: ClientDevice,
    now = new Date(),
  ): Promise<Session> {
    const userId = await this.auth.attemptSecondStep(secondFactorToken);
    const ceremony = await this.ceremonies.finish(ceremonyId, 'second_step', now);
    if (!ceremony || ceremony.userId !== userId) throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    const passkey = await this.verified(ceremony, responseJson, false, now);
    if (passkey.userId !== userId) throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    return this.auth.finishSecondStep(secondFactorToken, userId, device);
  }

  /** Whether the member has a passkey (the sign-in then offers it as the second step). */
  async hasAny(userId: string): Promise<boolean> {
    return (await this.passkeys.listOf(userId)).length > 0;
  }

  /**
   * The passkey whose signature answers the ceremony's challenge, with its counter moved forward
   * (a counter that does not is a cloned authenticator); UNAUTHENTICATED otherwise.
   */
  private async verified(
    ceremony: Ceremony,
    responseJson: string,
    requireUserVerification: boolean,
    now: Date,
  ): Promise<Passkey> {
    const response = parseJson<AuthenticationResponseJSON>(responseJson, PASSKEY_SIGN_IN_FAILED, true);
    const passkey = typeof response.id === 'string' ? await this.passkeys.find(response.id) : null;
    if (!passkey) throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    // The authenticator names the member it holds the key for: it must be the passkey's.
    const userHandle: unknown = response.response?.userHandle;
    if (
      userHandle !== undefined &&
      (typeof userHandle !== 'string' ||
        Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId)
    )
      throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      credential: {
        id: passkey.id,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    }).catch((error: Error) => {
      this.logger.info({ passkeyId: passkey.id, err: error.message }, 'passkey sign-in refused');
      return null;
    });
    if (!verification?.verified) throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    const { newCounter } = verification.authenticationInfo;
    if (!(await this.passkeys.used(passkey.id, passkey.counter, newCounter, now))) {
      this.logger.warn({ passkeyId: passkey.id }, 'passkey counter went backwards: a cloned authenticator?');
      throw new Unauthenticated(PASSKEY_SIGN_IN_FAILED);
    }
    return passkey;
  }

  /** Removes one of the member's passkeys (password again: it lowers their protection). */
  async remove(userId: string, passkeyId: string, password: string): Promise<void> {
    await this.auth.verifyPassword(userId, password);
    if (!(await this.passkeys.remove(userId, passkeyId))) throw new NotFound(PASSKEY_NOT_FOUND);
    this.logger.info({ userId, passkeyId }, 'passkey removed');
  }

  private async startCeremony(
    purpose: CeremonyPurpose,
    challenge: string,
    userId: string,
    options: object,
    now: Date,
  ): Promise<CeremonyOptions> {
    const ceremonyId = randomUUID();
    await this.ceremonies.start(
      ceremonyId,
      purpose,
      challenge,
      userId,
      new Date(now.getTime() + CEREMONY_TTL_MS),
    );
    return { ceremonyId, optionsJson: JSON.stringify(options) };
  }
}

function parseJson<T>(text: string, message: string, unauthenticated = false): T {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object') return value as T;
  } catch {
    // refused below
  }
  throw unauthenticated ? new Unauthenticated(message) : new RuleViolation(message);
}
