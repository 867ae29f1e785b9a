import { CONFIG, LOGGER } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { IdentityConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Mail out through any SMTP server (SMTP_URL); locally and in tests the catcher of deploy/local. */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = createTransport(config.SMTP_URL, { from: config.AURA_MAIL_FROM });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail(mail);
  }

  /**
   * Sends without making the caller wait or fail: an answer that took as long with or without a mail
   * would otherwise tell whether an address has an account. A mail that cannot go out is logged; the
   * member asks again.
   */
  sendInBackground(mail: Mail, purpose: string): void {
    this.send(mail).catch((error: Error) =>
      this.logger.warn({ purpose, err: error.message }, 'mail could not be sent'),
    );
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
