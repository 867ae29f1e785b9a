import { Forbidden, LOGGER, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AuthService, INVALID_CODE } from '../auth/auth.service';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { SecondFactor } from './second-factor';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already on';
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on';
export const SETUP_EXPIRED = 'This setup has expired. Start again.';
/** The name authenticator apps show above the code. */
const ISSUER = 'Aura';
/** How long a started setup waits for its confirming code. */
const SETUP_TTL_MS = 15 * 60_000;

export interface TwoFactorStatus {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
}

export interface TotpSetup {
  secret: string;
  otpauthUri: string;
}

/**
 * A member's own second-factor settings: set up an authenticator (password first, then a code from the
 * app proves it was saved), new recovery codes, turning it off. Everything that lowers protection asks
 * for the password again.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(TwoFactorRepository) private readonly store: TwoFactorRepository,
    @Inject(SecondFactor) private readonly secondFactor: SecondFactor,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const state = await this.store.find(userId);
    return {
      totpEnabled: Boolean(state?.totpSecret),
      recoveryCodesLeft: state?.totpSecret ? state.recoveryCodesLeft : 0,
    };
  }

  /** A new secret for the member's authenticator app; on only once confirmed by `enableTotp`. */
  async beginTotpSetup(userId: string, password: string, now = new Date()): Promise<TotpSetup> {
    const user = await this.auth.verifyPassword(userId, password);
    const secret = newTotpSecret();
    if (!(await this.store.setPending(userId, secret, new Date(now.getTime() + SETUP_TTL_MS))))
      throw new RuleViolation(TWO_FACTOR_ALREADY_ON);
    return { secret, otpauthUri: otpauthUri(ISSUER, user.username, secret) };
  }

  /** The first code from the app turns it on; answers the ten recovery codes, shown this once. */
  async enableTotp(userId: string, code: string, now = new Date()): Promise<string[]> {
    const state = await this.store.find(userId);
    if (state?.totpSecret) throw new RuleViolation(TWO_FACTOR_ALREADY_ON);
    if (!state?.pendingSecret || !state.pendingExpiresAt || state.pendingExpiresAt <= now)
      throw new RuleViolation(SETUP_EXPIRED);
    const step = matchTotp(state.pendingSecret, code.replace(/\s/g, ''), now);
    if (step === null) throw new RuleViolation(INVALID_CODE);
    const codes = newRecoveryCodes();
    const hashes = codes.map((recovery) => recoveryCodeHash(userId, recovery));
    if (!(await this.store.enable(userId, state.pendingSecret, step, hashes, now)))
      throw new RuleViolation(SETUP_EXPIRED);
    this.logger.info({ userId }, 'two-factor authentication turned on');
    return codes;
  }

  /** A fresh set of ten recovery codes (password again); the old ones stop working. */
  async renewRecoveryCodes(userId: string, password: string): Promise<string[]> {
    await this.auth.verifyPassword(userId, password);
    const codes = newRecoveryCodes();
    const stored = await this.store.replaceRecoveryCodes(
      userId,
      codes.map((recovery) => recoveryCodeHash(userId, recovery)),
    );
    if (!stored) throw new RuleViolation(TWO_FACTOR_NOT_ON);
    this.logger.info({ userId }, 'recovery codes renewed');
    return codes;
  }

  /** Off, given the password and a current code (or a recovery code): both factors, once more. */
  async disable(userId: string, password: string, code: string, now = new Date()): Promise<TwoFactorStatus> {
    await this.auth.verifyPassword(userId, password);
    if (!(await this.secondFactor.isOn(userId))) throw new RuleViolation(TWO_FACTOR_NOT_ON);
    if (!(await this.secondFactor.verify(userId, code, now))) throw new Forbidden(INVALID_CODE);
    await this.store.remove(userId);
    this.logger.info({ userId }, 'two-factor authentication turned off');
    return { totpEnabled: false, recoveryCodesLeft: 0 };
  }
}
