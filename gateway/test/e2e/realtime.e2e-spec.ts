import { randomUUID } from 'node:crypto';
import { io, Socket } from 'socket.io-client';
import { api, baseUrl, newMember, type Loose } from './support/api';

function connect(
  auth: Record<string, string> | undefined,
  base = baseUrl,
): Promise<{ socket: Socket; error?: Error }> {
  return new Promise((resolve) => {
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth,
      reconnection: false,
      timeout: 5000,
    });
    socket.on('connect', () => resolve({ socket }));
    socket.on('connect_error', (error) => resolve({ socket, error }));
  });
}

interface Member {
  id: string;
  username: string;
  token: string;
}

async function member(prefix = 'rt'): Promise<Member> {
  const { status, body } = await api('POST', '/auth/register', { body: newMember(prefix) });
  if (status !== 201) throw new Error(`register answered ${status}`);
  return { id: body.user.id, username: body.user.username, token: body.access_token };
}

/** A connected member with every event they receive recorded. */
class Client {
  readonly events: { event: string; payload: Loose }[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: Loose) => this.events.push({ event, payload }));
  }

  static async open(who: Member, base = baseUrl): Promise<Client> {
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: who.token },
      reconnection: false,
      timeout: 5000,
    });
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return client;
  }

  received(event: string, match: (payload: Loose) => boolean = () => true): Loose[] {
    return this.events.filter((e) => e.event === event && match(e.payload)).map((e) => e.payload);
  }

  async next(
    event: string,
    match: (payload: Loose) => boolean = () => true,
    timeoutMs = 10000,
  ): Promise<Loose> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [found] = this.received(event, match);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no ${event} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  ack(event: string, body: unknown): Promise<Loose> {
    return this.socket.timeout(10000).emitWithAck(event, body);
  }

  close(): void {
    this.socket.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(from: Member, to: Member, content: string, clientMessageId?: string) {
  const answer = await api('POST', '/messages', {
    token: from.token,
    body: { recipient_id: to.id, content, message_type: 'text', client_message_id: clientMessageId },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const clients: Client[] = [];
async function open(who: Member, base?: string): Promise<Client> {
  const client = await Client.open(who, base);
  clients.push(client);
  return client;
}
afterEach(() => clients.splice(0).forEach((client) => client.close()));

describe('socket.io at /socket.io', () => {
  it('accepts a valid access token in the handshake', async () => {
    const { body } = await api('POST', '/auth/register', { body: newMember('sock') });
    const { socket, error } = await connect({ token: body.access_token });
    try {
      expect(error).toBeUndefined();
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it.each([
    ['no token', undefined],
    ['a forged token', { token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }],
  ])('refuses a connection with %s', async (_case, auth) => {
    const { socket, error } = await connect(auth);
    try {
      expect(socket.connected).toBe(false);
      expect(error?.message).toBe('Unauthorized');
    } finally {
      socket.close();
    }
  });
});

describe('realtime messaging', () => {
  it('A sends: B gets new_message and message_notification, both conversation_updated; B reads: A gets message_read_update', async () => {
    const [a, b] = [await member('rta'), await member('rtb')];
    const [sa, sb] = [await open(a), await open(b)];
    const sent = await send(a, b, 'hello over the wire');

    const delivered = await sb.next('new_message', (m) => m.id === sent.id);
    expect(delivered).toMatchObject({
      id: sent.id,
      conversation_id: sent.conversation_id,
      content: 'hello over the wire',
      message_type: 'text',
      is_read: false,
      sender: { id: a.id, username: a.username },
    });
    expect(await sb.next('message_notification', (n) => n.message.id === sent.id)).toMatchObject({
      conversation_id: sent.conversation_id,
      sender: { id: a.id, username: a.username },
    });
    expect(await sa.next('new_message', (m) => m.id === sent.id)).toMatchObject({ id: sent.id });
    expect(sa.received('message_notification')).toEqual([]);
    expect(
      await sb.next('conversation_updated', (c) => c.id === sent.conversation_id && c.unread_count === 1),
    ).toMatchObject({ other_participant: { id: a.id, is_online: true }, last_message: { id: sent.id } });

    const ack = await sb.ack('message_read_event', {
      message_id: sent.id,
      conversation_id: sent.conversation_id,
    });
    expect(ack).toMatchObject({ ok: true, is_read: true });
    expect(await sa.next('message_read_update', (r) => r.message_id === sent.id)).toMatchObject({
      conversation_id: sent.conversation_id,
      is_read: true,
      read_by: b.id,
    });
    await sb.next('conversation_updated', (c) => c.id === sent.conversation_id && c.unread_count === 0);

    // Only the recipient may mark a message read.
    const refused = await sa.ack('message_read_event', {
      message_id: sent.id,
      conversation_id: sent.conversation_id,
    });
    expect(refused).toEqual({ ok: false, error: 'Only the recipient can mark a message as read' });
  });

  it('typing reaches the other member in the conversation, stops on typing_stop and by itself after 5 s', async () => {
    const [a, b] = [await member(), await member()];
    const sent = await send(a, b, 'hi');
    const [sa, sb] = [await open(a), await open(b)];
    expect(await sa.ack('join_conversation', { conversation_id: sent.conversation_id })).toMatchObject({
      ok: true,
    });
    expect(await sb.ack('join_conversation', { conversation_id: sent.conversation_id })).toMatchObject({
      ok: true,
    });

    expect(await sa.ack('typing_start', { conversation_id: sent.conversation_id })).toEqual({ ok: true });
    expect(await sb.next('user_typing', (t) => t.typing === true)).toEqual({
      conversation_id: sent.conversation_id,
      user_id: a.id,
      typing: true,
    });
    await sa.ack('typing_stop', { conversation_id: sent.conversation_id });
    await sb.next('user_typing', (t) => t.typing === false);
    expect(sa.received('user_typing')).toEqual([]); // never echoed to the typist

    // Without renewal, typing ends after 5 s; renewals keep it going (and are not re-announced).
    sb.events.length = 0;
    const started = Date.now();
    await sa.ack('typing_start', { conversation_id: sent.conversation_id });
    await sleep(3000);
    await sa.ack('typing_start', { conversation_id: sent.conversation_id });
    await sb.next('user_typing', (t) => t.typing === false, 12000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(7500);
    expect(sb.received('user_typing', (t) => t.typing === true)).toHaveLength(1);
  });

  it('a member joining a conversation learns who is typing there', async () => {
    const [a, b] = [await member(), await member()];
    const sent = await send(a, b, 'hi');
    const sa = await open(a);
    await sa.ack('join_conversation', { conversation_id: sent.conversation_id });
    await sa.ack('typing_start', { conversation_id: sent.conversation_id });
    const sb = await open(b);
    await sb.ack('join_conversation', { conversation_id: sent.conversation_id });
    expect(await sb.next('user_typing')).toMatchObject({ user_id: a.id, typing: true });
  });

  it('presence: partners see user_online when the first socket connects and user_offline when the last closes', async () => {
    const [a, b] = [await member(), await member()];
    await send(a, b, 'we share a conversation');
    const stranger = await member();
    const [sb, ss] = [await open(b), await open(stranger)];
    const a1 = await open(a);
    // The announcement names a; b's own connect-time snapshot (ids only) may also list a, when b's
    // connection was still being set up on the server as a connected.
    expect(await sb.next('user_online', (p) => p.user_id === a.id && p.username)).toMatchObject({
      username: a.username,
    });
    const a2 = await open(a); // a second tab: no second announcement
    expect(await a2.next('user_online', (p) => p.user_id === b.id)).toMatchObject({ user_id: b.id });
    a1.close();
    await sleep(800);
    expect(sb.received('user_offline', (p) => p.user_id === a.id)).toEqual([]);
    a2.close();
    expect(await sb.next('user_offline', (p) => p.user_id === a.id)).toEqual({ user_id: a.id });
    // One announcement for a's two tabs (b may also have seen a in its own connect-time snapshot).
    expect(sb.received('user_online', (p) => p.user_id === a.id && p.username)).toHaveLength(1);
    expect(ss.received('user_online', (p) => p.user_id === a.id)).toEqual([]);
    const { body } = await api('GET', '/conversations', { token: b.token });
    expect(body[0].other_participant).toMatchObject({ id: a.id, is_online: false });
  });

  it("an outsider can neither join a conversation's room nor hear it, nor read it through the API", async () => {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const first = await send(a, b, 'private');
    const so = await open(outsider);
    const refused = await so.ack('join_conversation', { conversation_id: first.conversation_id });
    expect(refused).toEqual({ ok: false, error: 'Conversation not found' });
    expect(await so.next('error')).toEqual({ event: 'join_conversation', detail: 'Conversation not found' });
    expect(await so.ack('typing_start', { conversation_id: first.conversation_id })).toMatchObject({
      ok: false,
    });
    expect(await so.ack('join_conversation', { conversation_id: 'nope' })).toMatchObject({ ok: false });

    const sb = await open(b);
    await sb.ack('join_conversation', { conversation_id: first.conversation_id });
    const second = await send(a, b, 'still private');
    await sb.next('new_message', (m) => m.id === second.id);
    await sleep(500);
    expect(so.received('new_message')).toEqual([]);
    expect(so.received('message_notification')).toEqual([]);
    expect(
      (await api('GET', `/conversations/${first.conversation_id}/messages`, { token: outsider.token }))
        .status,
    ).toBe(404);
  });

  it('a message sent while the recipient is offline is there when they connect; reconnecting never duplicates it', async () => {
    const [a, b] = [await member(), await member()];
    const sa = await open(a);
    const clientId = randomUUID();
    const sent = await send(a, b, 'while you were away', clientId);
    const again = await send(a, b, 'while you were away', clientId); // the sender's retry
    expect(again.id).toBe(sent.id);
    // Pushed while b was offline: the sender's own socket has it, so the gateway is done with the
    // event (the retry announces it under the same id, which the gateway drops).
    await sa.next('new_message', (m) => m.id === sent.id);

    const sb = await open(b);
    const { body: conversations } = await api('GET', '/conversations', { token: b.token });
    expect(conversations[0]).toMatchObject({ unread_count: 1, last_message: { id: sent.id } });
    const { body: page } = await api('GET', `/conversations/${sent.conversation_id}/messages`, {
      token: b.token,
    });
    expect(page.map((m: Loose) => m.id)).toEqual([sent.id]);
    expect(page[0].client_message_id).toBe(clientId);
    await sleep(500);
    expect(sb.received('new_message')).toEqual([]); // nothing replayed on connect: the API is the history

    sb.close();
    const sb2 = await open(b);
    const live = await send(a, b, 'now you are here');
    await sb2.next('new_message', (m) => m.id === live.id);
    await sleep(500);
    expect(sb2.received('new_message').map((m) => m.id)).toEqual([live.id]);
    const { body: after } = await api('GET', `/conversations/${sent.conversation_id}/messages`, {
      token: b.token,
    });
    expect(after.map((m: Loose) => m.id)).toEqual([sent.id, live.id]);
  });
});
