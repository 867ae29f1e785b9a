import { Inject, Injectable } from '@nestjs/common';
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { matchTotp } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

/**
 * Checks a member's second factor: a code of their authenticator (each time step once) or one of their
 * unused recovery codes (each once). Sign-in and the settings that turn it off both ask here.
 */
@Injectable()
export class SecondFactor {
  constructor(@Inject(TwoFactorRepository) private readonly store: TwoFactorRepository) {}

  async isOn(userId: string): Promise<boolean> {
    return Boolean((await this.store.find(userId))?.totpSecret);
  }

  /** Whether the code is good now; a good code is spent. */
  async verify(userId: string, code: string, now = new Date()): Promise<boolean> {
    const state = await this.store.find(userId);
    if (!state?.totpSecret) return false;
    const typed = code.replace(/\s/g, '');
    if (looksLikeRecoveryCode(typed)) {
      return this.store.useRecoveryCode(userId, recoveryCodeHash(userId, typed), now);
    }
    const step = matchTotp(state.totpSecret, typed, now);
    return step !== null && (await this.store.useStep(userId, step));
  }
}
