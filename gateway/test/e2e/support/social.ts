// Helpers of the social e2e tests (issue 4): members who are known to social, posts, paging.
import { randomBytes, randomUUID } from 'node:crypto';
import { identityEvents } from '@aura/proto';
import { waitFor } from '@aura/platform/testing';
import { compatibilityPartitioner, Producer, stringSerializer } from '@platformatic/kafka';
import { api, ApiAnswer, newMember } from './api';

export interface Member {
  id: string;
  username: string;
  email: string;
  token: string;
}

/** A UUID nobody uses: a post or comment that does not exist. */
export const missingUuid = () => randomUUID();
/** An ObjectId-shaped member id nobody has. */
export const missingMemberId = () => randomBytes(12).toString('hex');
/** A word no other test writes, usable in text and as a #tag (lower-case letters and digits). */
export const uniqueWord = (prefix = 'w') => `${prefix}${randomBytes(5).toString('hex')}`;

/**
 * The first member of a test file may wait longer: social's consumers join their groups while the
 * stack starts, and on a busy machine the first events take a while to arrive.
 */
let caughtUp = false;

/**
 * Signs a new member up and waits until social knows them: social learns of members from identity's
 * user.registered event, so right after sign-up it may not have them yet.
 */
export async function socialMember(prefix = 'soc', displayName?: string): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', {
    body: displayName ? { ...member, display_name: displayName } : member,
  });
  if (answer.status !== 201)
    throw new Error(`register answered ${answer.status} ${JSON.stringify(answer.body)}`);
  const signedUp: Member = {
    id: answer.body.user.id,
    username: member.username,
    email: member.email,
    token: answer.body.access_token,
  };
  await waitFor(
    async () => {
      const found = await api('GET', `/search?query=${member.username}&content_type=users`, {
        token: signedUp.token,
      });
      return found.status === 200 && found.body.users.some((u: { id: string }) => u.id === signedUp.id);
    },
    { timeoutMs: caughtUp ? 20000 : 120_000, intervalMs: 300, what: `social to know ${member.username}` },
  );
  caughtUp = true;
  return signedUp;
}

/** For a file's first beforeAll (with a long timeout): waits until social is caught up. */
export async function socialCaughtUp(): Promise<void> {
  await socialMember('warm');
}

/** How long socialCaughtUp may take. */
export const CATCH_UP_TIMEOUT_MS = 130_000;

export async function socialMembers(count: number, prefix = 'soc'): Promise<Member[]> {
  return Promise.all(Array.from({ length: count }, () => socialMember(prefix)));
}

/** Creates a post (or story) and fails loudly unless it is created. */
export async function createPost(
  member: Member,
  body: Record<string, unknown> = {},
): Promise<ApiAnswer['body']> {
  const answer = await api('POST', '/posts', {
    token: member.token,
    body: { content: `Hello from ${member.username} ${uniqueWord()}`, category: 'general', ...body },
  });
  if (answer.status !== 201)
    throw new Error(`POST /posts answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Every page of a cursor-paged list route, following X-Next-Cursor (at most `maxPages`). */
export async function allPages(
  path: string,
  token: string | undefined,
  { limit = 50, maxPages = 40 } = {},
): Promise<{ items: { id: string }[]; pages: ApiAnswer[] }> {
  const pages: ApiAnswer[] = [];
  const items: { id: string }[] = [];
  let cursor: string | null = null;
  const separator = path.includes('?') ? '&' : '?';
  for (let page = 0; page < maxPages; page++) {
    const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await api('GET', url, { token });
    if (answer.status !== 200)
      throw new Error(`GET ${url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    pages.push(answer);
    items.push(...answer.body);
    cursor = answer.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  return { items, pages };
}

/**
 * Test fixture standing in for identity: publishes user.aura_changed (the event identity publishes
 * when a member's aura moves) so social's member projection takes the new score. Members start at
 * aura 100, and nothing in this issue's API raises a score to 700, which the high-aura feed needs.
 */
export async function publishAuraChanged(userId: string, auraScore: number, delta: number): Promise<void> {
  const producer = new Producer<string, Buffer, string, string>({
    clientId: `e2e-${randomUUID()}`,
    bootstrapBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    partitioner: compatibilityPartitioner,
    serializers: { key: stringSerializer, headerKey: stringSerializer, headerValue: stringSerializer },
  });
  try {
    const payload = identityEvents.UserAuraChanged.encode({
      userId,
      delta,
      auraScore,
      reason: 'admin',
      changedAt: new Date().toISOString(),
    }).finish();
    await producer.send({
      messages: [
        {
          topic: 'aura.identity.user',
          key: userId,
          value: Buffer.from(payload),
          headers: {
            'aura-event-id': randomUUID(),
            'aura-event-type': 'user.aura_changed',
            'aura-schema-version': '1',
            'aura-occurred-at': new Date().toISOString(),
            'aura-producer': 'identity',
          },
        },
      ],
    });
  } finally {
    await producer.close();
  }
}

export const ids = (list: { id: string }[]) => list.map((item) => item.id);
