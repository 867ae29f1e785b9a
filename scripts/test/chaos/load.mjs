// The chaos tier's members: a realistic mix through the gateway's public REST API and socket.io —
// posts, likes, comments, follows, messages (sent over REST, delivered over sockets), tips, transfers,
// marketplace purchases and card top-ups (the local test checkout and its signed webhook). Every request
// the system acknowledged (2xx) is recorded with what is needed to check it afterwards (verify.mjs).
//
// Money calls carry an Idempotency-Key; one that is not answered, or answered 5xx / 429, is sent again
// with the same key and body, as a real client does, until it has a definite answer (2xx or 4xx).
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../../lib/env.mjs';

const require = createRequire(join(repoRoot, 'package.json'));
const { io } = require('socket.io-client');
const Stripe = require(join(repoRoot, 'node_modules', 'stripe'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const AC = 1_000_000;

/** A client-side deadline: a request unanswered after this is a hang (the gateway's own deadlines are shorter). */
export const REQUEST_DEADLINE_MS = 20_000;

export class Api {
  constructor(baseUrl, stats) {
    this.baseUrl = baseUrl;
    this.stats = stats;
  }

  /** One request; never throws: status 0 = no answer (refused connection, reset, or the deadline). */
  async call(method, path, { token, body, headers = {}, raw, address, url, redirect } = {}) {
    const started = Date.now();
    const allHeaders = { ...headers };
    if (address) allHeaders['x-forwarded-for'] = address;
    if (body !== undefined || raw !== undefined) allHeaders['content-type'] = 'application/json';
    if (token) allHeaders.authorization = `Bearer ${token}`;
    let status = 0;
    let parsed;
    let error;
    let retryAfter;
    try {
      const response = await fetch(url ?? `${this.baseUrl}/api${path}`, {
        method,
        headers: allHeaders,
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
        redirect: redirect ?? 'follow',
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after') ?? undefined;
      const text = await response.text();
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
    } catch (caught) {
      error = caught.name === 'TimeoutError' ? 'timeout' : (caught.cause?.code ?? caught.message);
    }
    const ms = Date.now() - started;
    this.stats?.(method, path, status, ms, error, parsed, retryAfter);
    return { status, body: parsed, ms, error, retryAfter };
  }
}

/** What the run acknowledged, for verify.mjs. */
export class Record {
  constructor() {
    this.posts = []; // { id, authorId, content }
    this.likes = []; // { postId, userId }
    this.unknownLikes = new Set(); // postId:userId whose like was not answered
    this.comments = []; // { id, postId, authorId, content }
    this.follows = []; // { followerId, followeeId }
    this.messages = []; // { id, conversationId, senderId, recipientId, clientMessageId }
    this.money = []; // { kind, key, from, to, amountMicro, itemId?, outcome, status, detail, attempts }
    this.topups = []; // { sessionId, userId, packageId, amountMicro, paid }
    this.delivered = new Map(); // message id -> received over the recipient's socket
    this.requests = { total: 0, byStatus: {}, byRoute: {}, violations: [] };
    this.timeline = []; // per-second buckets for the report
  }
}

export class Member {
  constructor(api, record, index) {
    this.api = api;
    this.record = record;
    this.index = index;
    this.address = `198.18.${Math.floor(index / 200)}.${(index % 200) + 1}`;
    this.username = `chaos_${randomBytes(4).toString('hex')}_${index}`;
    this.password = `chaos pass ${randomBytes(6).toString('hex')}`;
    this.liked = new Set();
    this.following = new Set();
    this.owned = new Set();
    this.pendingMoney = 0;
  }

  async register() {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await this.api.call('POST', '/auth/register', {
        address: this.address,
        body: { username: this.username, email: `${this.username}@example.com`, password: this.password },
      });
      if (answer.status === 201) {
        this.id = answer.body.user.id;
        this.token = answer.body.access_token;
        return;
      }
      if (answer.status === 409 || answer.status === 400) {
        // A registration applied but unanswered: sign in instead.
        const login = await this.api.call('POST', '/auth/login', {
          address: this.address,
          body: { username: this.username, password: this.password },
        });
        if (login.status === 200) {
          this.id = login.body.user.id;
          this.token = login.body.access_token;
          return;
        }
      }
      await sleep(500);
    }
    throw new Error(`member ${this.index} could not register`);
  }

  /** A signed-in call; a 503 makes the member wait its Retry-After before the next action. */
  async call(method, path, options = {}) {
    const answer = await this.api.call(method, path, {
      token: this.token,
      address: this.address,
      ...options,
    });
    if (answer.status === 503) {
      const hinted = Number(answer.retryAfter);
      this.backoffUntil =
        Date.now() + (Number.isFinite(hinted) && hinted > 0 ? Math.min(hinted, 5) : 1) * 1000;
    }
    return answer;
  }

  openSocket(baseUrl) {
    this.socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: this.token },
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 3000,
      timeout: 5000,
    });
    this.socket.on('new_message', (message) => {
      if (message?.id && message.recipient_id === this.id) this.record.delivered.set(message.id, Date.now());
    });
    // When the socket was up, to tell a lost event from one sent while nobody listened.
    this.socketChanges = [];
    this.socket.on('connect', () => this.socketChanges.push({ at: Date.now(), up: true }));
    this.socket.on('disconnect', () => this.socketChanges.push({ at: Date.now(), up: false }));
  }

  /** Whether the socket was connected all the time from `from` to `to`. */
  socketUpThroughout(from, to) {
    const before = this.socketChanges.filter((c) => c.at <= from).at(-1);
    return before?.up === true && !this.socketChanges.some((c) => c.at > from && c.at <= to);
  }

  closeSocket() {
    this.socket?.close();
  }
}

/** A money call sent until it has a definite answer, with the same Idempotency-Key every time. */
export async function moneyCall(member, { kind, method = 'POST', path, body, meta }, { giveUpAt }) {
  const key = randomUUID();
  const entry = { kind, key, from: member.id, ...meta, attempts: 0, outcome: 'pending' };
  member.record.money.push(entry);
  member.pendingMoney += 1;
  try {
    for (;;) {
      entry.attempts += 1;
      const answer = await member.call(method, path, { body, headers: { 'idempotency-key': key } });
      entry.status = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        entry.outcome = 'acknowledged';
        entry.answer = answer.body;
        return entry;
      }
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && answer.status !== 409) {
        entry.outcome = 'refused';
        entry.detail = answer.body?.detail;
        return entry;
      }
      if (answer.status === 409 && !/in progress|being processed/i.test(answer.body?.detail ?? '')) {
        entry.outcome = 'refused';
        entry.detail = answer.body?.detail;
        return entry;
      }
      if (Date.now() > giveUpAt()) {
        entry.outcome = 'unresolved';
        entry.detail = answer.body?.detail ?? answer.error;
        return entry;
      }
      const hinted = Number(answer.retryAfter);
      await sleep(Number.isFinite(hinted) && hinted > 0 ? Math.min(hinted * 1000, 5000) : 1000);
    }
  } finally {
    member.pendingMoney -= 1;
  }
}

/** Retries an entry that was left unresolved (same key, same body) once the system is back. */
export async function resolveMoney(member, entry, request, giveUpAt) {
  for (;;) {
    entry.attempts += 1;
    const answer = await member.call(request.method ?? 'POST', request.path, {
      body: request.body,
      headers: { 'idempotency-key': entry.key },
    });
    entry.status = answer.status;
    if (answer.status >= 200 && answer.status < 300) {
      entry.outcome = 'acknowledged';
      entry.answer = answer.body;
      return;
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
      entry.outcome = 'refused';
      entry.detail = answer.body?.detail;
      return;
    }
    if (Date.now() > giveUpAt) return;
    await sleep(1000);
  }
}

const webhookSecret = (env) => env.STRIPE_WEBHOOK_SECRET || 'whsec_aura_local_webhook_secret';

/** A card top-up on the local test checkout: session, Pay (the gateway posts the signed webhook). */
export async function topUp(member, env, packageId, { giveUpAt, redeliver = false }) {
  let session;
  while (!session) {
    const answer = await member.call('POST', '/payments/checkout/session', {
      body: { package_id: packageId, origin_url: `${member.api.baseUrl}/wallet` },
    });
    if (answer.status === 200) session = answer.body;
    else if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return undefined;
    else if (Date.now() > giveUpAt()) return undefined;
    else await sleep(1000);
  }
  const entry = { sessionId: session.session_id, userId: member.id, packageId, paid: false, attempts: 0 };
  member.record.topups.push(entry);
  member.pendingMoney += 1;
  try {
    for (;;) {
      entry.attempts += 1;
      const answer = await member.api.call('POST', '', {
        url: `${session.checkout_url}/pay`,
        address: member.address,
        redirect: 'manual',
      });
      if (answer.status === 303) {
        entry.paid = true;
        break;
      }
      if (Date.now() > giveUpAt()) return entry;
      await sleep(1000);
    }
    if (redeliver) {
      // Stripe delivers an event more than once: a second, signed completion of the same session.
      const payload = JSON.stringify({
        id: `evt_chaos_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: session.session_id,
            object: 'checkout.session',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
          },
        },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret(env) });
      const answer = await member.api.call('POST', '/payments/webhook', {
        raw: payload,
        headers: { 'stripe-signature': signature },
      });
      entry.redelivered = answer.status;
    }
    return entry;
  } finally {
    member.pendingMoney -= 1;
  }
}

export const MICRO = AC;
export { pick, sleep };
