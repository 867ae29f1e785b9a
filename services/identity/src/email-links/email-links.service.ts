import { createHash, randomBytes } from 'node:crypto';
import { CONFIG, LOGGER, RuleViolation, Unauthenticated } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AuthService, SESSION_EXPIRED } from '../auth/auth.service';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { passwordResetMail, verifyEmailMail } from '../mail/templates';
import type { User } from '../users/user';
import { validatePassword } from '../users/registration-rules';
import { UsersRepository } from '../users/users.repository';
import { EmailTokensRepository } from './email-tokens.repository';

export const LINK_INVALID = 'This link is invalid or has expired. Ask for a new one.';
export const ALREADY_VERIFIED = 'Your email is already confirmed';
const RESET_VALID_MINUTES = 60;
const VERIFY_VALID_MS = 7 * 24 * 3600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Links mailed to a member: a password reset (single use, an hour) and the confirmation of their
 * address (sent at sign-up, again on request). The token travels in the link's fragment, which browsers
 * send neither to servers nor in Referer headers.
 */
@Injectable()
export class EmailLinksService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(EmailTokensRepository) private readonly tokens: EmailTokensRepository,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Mails a reset link when the address has an account. The caller learns nothing either way: the
   * same answer at once, and the lookup, the link and the mail happen after it.
   */
  requestPasswordReset(email: string): void {
    this.sendPasswordReset(email).catch((error: Error) =>
      this.logger.warn({ err: error.message }, 'password reset link could not be sent'),
    );
  }

  /** The work behind `requestPasswordReset`: awaited by tests that need the link stored. */
  async sendPasswordReset(email: string, now = new Date()): Promise<void> {
    const user = email.trim() ? await this.users.findByEmail(email) : null;
    if (!user) return;
    const token = await this.newToken(user, 'password_reset', now.getTime() + RESET_VALID_MINUTES * 60_000);
    this.mailer.sendInBackground(
      passwordResetMail(
        user.email,
        user.displayName,
        this.link('reset-password', token),
        RESET_VALID_MINUTES,
      ),
      'password_reset',
    );
    this.logger.info({ userId: user.id }, 'password reset link sent');
  }

  /**
   * The link's new password: every session of the member ends (whoever knew the old password is out),
   * and the address counts as confirmed (the member read mail sent to it). A second factor stays on.
   * Answers the sessions ended.
   */
  async resetPassword(token: string, newPassword: string): Promise<string[]> {
    validatePassword(newPassword);
    const link = token ? await this.tokens.consume(hashToken(token), 'password_reset') : null;
    if (!link) throw new RuleViolation(LINK_INVALID);
    if (!(await this.users.setPasswordHash(link.userId, await this.auth.hashPassword(newPassword))))
      throw new RuleViolation(LINK_INVALID);
    await this.users.markEmailVerified(link.userId, link.email);
    const ended = await this.auth.endOtherSessions(link.userId, '');
    this.logger.info({ userId: link.userId, sessionsEnded: ended.length }, 'password reset by mailed link');
    return ended;
  }

  /** Mails the confirmation link (at sign-up, in the background). */
  async sendVerification(user: User, now = new Date()): Promise<void> {
    const token = await this.newToken(user, 'verify_email', now.getTime() + VERIFY_VALID_MS);
    this.mailer.sendInBackground(
      verifyEmailMail(user.email, user.displayName, this.link('verify-email', token)),
      'verify_email',
    );
  }

  /** A new confirmation link for the caller (the older ones stop working). */
  async resendVerification(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new Unauthenticated(SESSION_EXPIRED);
    if (user.emailVerified) throw new RuleViolation(ALREADY_VERIFIED);
    await this.sendVerification(user);
  }

  /** The link was opened: the address it was sent to is confirmed. Answers the member. */
  async verifyEmail(token: string): Promise<User> {
    const link = token ? await this.tokens.consume(hashToken(token), 'verify_email') : null;
    if (!link) throw new RuleViolation(LINK_INVALID);
    await this.users.markEmailVerified(link.userId, link.email);
    const user = await this.users.findById(link.userId);
    if (!user) throw new RuleViolation(LINK_INVALID);
    return user;
  }

  private async newToken(user: User, purpose: 'password_reset' | 'verify_email', expiresAtMs: number) {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.replace(hashToken(token), purpose, user.id, user.email, new Date(expiresAtMs));
    return token;
  }

  /** The web app has no routes: it reads what to do from the fragment (`/#reset-password=<token>`). */
  private link(action: 'reset-password' | 'verify-email', token: string): string {
    return `${this.config.AURA_PUBLIC_URL.replace(/\/+$/, '')}/#${action}=${token}`;
  }
}
