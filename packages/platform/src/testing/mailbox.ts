// The mail the services send, read back in tests from the local SMTP catcher: Mailpit, which
// deploy/local runs on SMTP_URL's port (the services send there) with its HTTP API on MAILPIT_URL
// (deploy/aura.env; scripts/test/run-tests.mjs passes both). Every test run shares the one catcher, so
// a test looks for mail to an address of its own, received since it acted.

const DEFAULT_MAILPIT_URL = 'http://127.0.0.1:8025';

/** A message as the catcher received it. */
export interface Mail {
  /** Mailpit's id of the message. */
  id: string;
  subject: string;
  /** The plain-text part ('' when there is none), line ends as sent (\r\n). */
  text: string;
  /** The HTML part ('' when there is none). */
  html: string;
  from: { name: string; address: string };
  /** The addresses of the To header. */
  to: string[];
  /** When the catcher received it. */
  date: Date;
}

export interface MailQuery {
  /** Only mail received at or after this moment (take it before the action that sends the mail). */
  since?: Date;
  /** How long to wait for the mail to arrive; default 15 s. */
  timeoutMs?: number;
  /** Only mail whose subject contains this (case-insensitive). */
  subjectContains?: string;
}

/** The catcher's HTTP API: MAILPIT_URL, else aura.env's default. */
export function mailpitUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.MAILPIT_URL || DEFAULT_MAILPIT_URL).replace(/\/+$/, '');
}

// Mailpit's API (v1): GET /api/v1/search answers summaries, newest first; GET /api/v1/message/{ID} one
// message with its parts.
interface MailpitAddress {
  Name: string;
  Address: string;
}
interface MailpitSummary {
  ID: string;
  Subject: string;
  Created: string;
  To: MailpitAddress[] | null;
  Cc: MailpitAddress[] | null;
  Bcc: MailpitAddress[] | null;
}
interface MailpitMessage {
  ID: string;
  Subject: string;
  From: MailpitAddress | null;
  To: MailpitAddress[] | null;
  Text: string;
  HTML: string;
}

const POLL_MS = 200;

/**
 * The newest message to `address` (To, Cc or Bcc, compared case-insensitively) that matches `options`,
 * waiting for it to arrive: polls the catcher every 200 ms until `timeoutMs` (default 15 s), then
 * fails naming what it did find.
 */
export async function lastMailTo(address: string, options: MailQuery = {}): Promise<Mail> {
  const { since, timeoutMs = 15_000, subjectContains } = options;
  const base = mailpitUrl();
  const wanted = address.trim().toLowerCase();
  const subject = subjectContains?.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  let unreachable: string | undefined;
  let others: MailpitSummary[] = [];
  for (;;) {
    try {
      // Mailpit's to: matches a part of an address too (to:"bob@x" finds alicebob@x): checked below.
      const query = `to:"${wanted.replace(/"/g, '')}"`;
      const { messages } = await getJson<{ messages: MailpitSummary[] | null }>(
        `${base}/api/v1/search?limit=100&query=${encodeURIComponent(query)}`,
        deadline,
      );
      unreachable = undefined;
      const toAddress = (messages ?? []).filter((summary) =>
        [...(summary.To ?? []), ...(summary.Cc ?? []), ...(summary.Bcc ?? [])].some(
          (recipient) => recipient.Address.toLowerCase() === wanted,
        ),
      );
      const match = toAddress.find(
        (summary) =>
          (!since || new Date(summary.Created).getTime() >= since.getTime()) &&
          (!subject || summary.Subject.toLowerCase().includes(subject)),
      );
      if (match) {
        const message = await getJson<MailpitMessage>(
          `${base}/api/v1/message/${encodeURIComponent(match.ID)}`,
          deadline,
        );
        return {
          id: message.ID,
          subject: message.Subject,
          text: message.Text ?? '',
          html: message.HTML ?? '',
          from: { name: message.From?.Name ?? '', address: message.From?.Address ?? '' },
          to: (message.To ?? []).map((recipient) => recipient.Address),
          date: new Date(match.Created),
        };
      }
      others = toAddress;
    } catch (error) {
      const { message, cause } = error as Error & { cause?: Error };
      unreachable = cause?.message ? `${message}: ${cause.message}` : message;
    }
    if (Date.now() >= deadline) throw new Error(timeoutMessage());
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  function timeoutMessage(): string {
    const what =
      `no mail to ${address}` +
      (subjectContains ? ` with a subject containing "${subjectContains}"` : '') +
      (since ? ` received since ${since.toISOString()}` : '') +
      ` within ${timeoutMs} ms (Mailpit at ${base})`;
    if (unreachable)
      return `${what}: the catcher does not answer (${unreachable}); is it running? bash deploy/local/up.sh`;
    if (others.length === 0) return `${what}: none to that address at all`;
    const seen = others
      .slice(0, 5)
      .map((summary) => `"${summary.Subject}" at ${summary.Created}`)
      .join(', ');
    return `${what}; to that address: ${seen}${others.length > 5 ? ', ...' : ''}`;
  }
}

/**
 * The first link in a mail's text (or HTML) whose URL contains `path`, e.g.
 * `linkIn(mail.text, '/reset-password')`; fails when there is none. Punctuation ending a sentence is
 * not part of the link; HTML's &amp; is read as &.
 */
export function linkIn(text: string, path: string): string {
  for (const [found] of text.matchAll(/https?:\/\/[^\s<>"'`]+/g)) {
    const url = found.replace(/&amp;/g, '&').replace(/[.,;:!?)\]]+$/, '');
    if (url.includes(path)) return url;
  }
  throw new Error(
    `no link containing "${path}" in: ${text.length > 2000 ? `${text.slice(0, 2000)}...` : text}`,
  );
}

async function getJson<T>(url: string, deadline: number): Promise<T> {
  const timeout = Math.min(5000, Math.max(1000, deadline - Date.now()));
  const response = await fetch(url, { signal: AbortSignal.timeout(timeout) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
