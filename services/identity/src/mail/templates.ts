import type { Mail } from './mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A short mail with one button-like link; the text part says the same for clients without HTML. */
function linkMail(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  url: string,
): Mail {
  const text = [greeting, '', ...lines, '', `${action}: ${url}`, '', '— Aura'].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`,
    `<p>— Aura</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, displayName: string, url: string, validMinutes: number): Mail {
  return linkMail(
    to,
    'Reset your Aura password',
    `Hi ${displayName},`,
    [
      `Someone (hopefully you) asked to reset the password of your Aura account. The link works once, for ${validMinutes} minutes.`,
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    'Reset your password',
    url,
  );
}

export function verifyEmailMail(to: string, displayName: string, url: string): Mail {
  return linkMail(
    to,
    'Confirm your email for Aura',
    `Hi ${displayName},`,
    [
      'Welcome to Aura! Confirm that this is your email address, so you can always get back into your account.',
    ],
    'Confirm your email',
    url,
  );
}
