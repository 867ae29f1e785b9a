import { randomUUID } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { lastMailTo, linkIn } from './mailbox';

// Sent the way identity sends (services/identity/src/mail/mailer.ts): nodemailer on SMTP_URL, from
// AURA_MAIL_FROM (deploy/aura.env's values, which scripts/test/run-tests.mjs passes).
const SMTP_URL = process.env.SMTP_URL || 'smtp://127.0.0.1:1025';
const FROM = process.env.AURA_MAIL_FROM || 'Aura <no-reply@aura.local>';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the local mail catcher (Mailpit), read with lastMailTo and linkIn', () => {
  const transport = createTransport(SMTP_URL, { from: FROM });
  afterAll(() => transport.close());
  const newAddress = () => `mailbox-${randomUUID()}@aura.test`;

  it('receives what is sent to SMTP_URL: subject, parts, sender, recipients, the link in it', async () => {
    const to = newAddress();
    const since = new Date();
    await transport.sendMail({
      to,
      subject: 'Reset your password',
      text: 'Choose a new password: http://localhost:8080/reset-password?token=abc&x=1.\nAura',
      html: '<p><a href="http://localhost:8080/reset-password?token=abc&amp;x=1">Choose a new password</a></p>',
    });
    const mail = await lastMailTo(to, { since });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.to).toEqual([to]);
    // aura.env's quoted AURA_MAIL_FROM reaches nodemailer without its quotes.
    expect(`${mail.from.name} <${mail.from.address}>`).toBe(FROM);
    expect(mail.date.getTime()).toBeGreaterThanOrEqual(since.getTime());
    expect(mail.text).toContain('Choose a new password');
    expect(mail.html).toContain('<a href=');
    const link = 'http://localhost:8080/reset-password?token=abc&x=1';
    expect(linkIn(mail.text, '/reset-password')).toBe(link);
    expect(linkIn(mail.html, '/reset-password')).toBe(link);
    expect(() => linkIn(mail.text, '/verify-email')).toThrow(/no link containing "\/verify-email"/);
  });

  it('waits for the mail and answers the newest match: this address exactly, the subject, since', async () => {
    const to = newAddress();
    await transport.sendMail({ to, subject: 'Verify your e-mail address', text: 'first' });
    // Mailpit's to: search also finds a longer address containing this one: not mail to it.
    await transport.sendMail({ to: `x${to}`, subject: 'Verify your e-mail address', text: 'not yours' });
    const since = new Date();
    const waiting = lastMailTo(to, { since, subjectContains: 'verify YOUR' });
    await sleep(600); // a few polls find nothing new
    await transport.sendMail({ to, subject: 'Something else', text: 'another subject' });
    await transport.sendMail({ to, subject: 'Verify your e-mail address', text: 'second' });
    expect((await waiting).text.trim()).toBe('second');
    expect((await lastMailTo(to)).text.trim()).toBe('second');
    expect((await lastMailTo(to, { subjectContains: 'else' })).text.trim()).toBe('another subject');
    expect((await lastMailTo(`X${to}`)).text.trim()).toBe('not yours');
  });

  it('fails after timeoutMs, naming what it found or that the catcher does not answer', async () => {
    const to = newAddress();
    await transport.sendMail({ to, subject: 'Welcome', text: 'hello' });
    const started = Date.now();
    await expect(lastMailTo(to, { subjectContains: 'Reset', timeoutMs: 600 })).rejects.toThrow(
      new RegExp(`^no mail to ${escape(to)} with a subject containing "Reset" within 600 ms .*"Welcome" at `),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(lastMailTo(newAddress(), { timeoutMs: 300 })).rejects.toThrow(/none to that address at all/);

    const saved = process.env.MAILPIT_URL;
    process.env.MAILPIT_URL = 'http://127.0.0.1:1';
    try {
      await expect(lastMailTo(to, { timeoutMs: 300 })).rejects.toThrow(
        /Mailpit at http:\/\/127\.0\.0\.1:1\): the catcher does not answer .*up\.sh/,
      );
    } finally {
      if (saved === undefined) delete process.env.MAILPIT_URL;
      else process.env.MAILPIT_URL = saved;
    }
  });
});
