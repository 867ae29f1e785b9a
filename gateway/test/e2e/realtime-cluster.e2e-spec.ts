import { io, Socket } from 'socket.io-client';
import { api, baseUrl, newMember, type Loose } from './support/api';
import { OwnedProcess, ownPort } from './support/processes';

// Two gateway processes on one Redis and one consumer group: a member on each talks to the other.

const secondPort = Number(process.env.GATEWAY_PORT ?? 18080) + 300;
const secondBase = `http://127.0.0.1:${secondPort}`;
const second = new OwnedProcess(
  `gateway-${secondPort}`,
  'gateway/dist/main.js',
  // Its own internal port too (/metrics, /health): ownPort keeps it apart from every test stack's.
  {
    ...process.env,
    GATEWAY_PORT: String(secondPort),
    GATEWAY_HTTP_PORT: String(ownPort(30)),
    OTEL_SERVICE_NAME: 'gateway-2',
  },
  `${secondBase}/api/health`,
);

interface Member {
  id: string;
  username: string;
  token: string;
}

async function member(prefix = 'cl'): Promise<Member> {
  const { status, body } = await api('POST', '/auth/register', { body: newMember(prefix) });
  if (status !== 201) throw new Error(`register answered ${status}`);
  return { id: body.user.id, username: body.user.username, token: body.access_token };
}

function connect(who: Member, base: string): Promise<{ socket: Socket; events: [string, Loose][] }> {
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: who.token } });
  const events: [string, Loose][] = [];
  socket.onAny((event: string, payload: Loose) => events.push([event, payload]));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', reject);
  });
}

async function next(
  events: [string, Loose][],
  event: string,
  match: (p: Loose) => boolean,
  timeoutMs = 20000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = events.find(([name, payload]) => name === event && match(payload));
    if (found) return found[1];
    if (Date.now() > deadline) throw new Error(`no ${event} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('two gateway processes', () => {
  beforeAll(() => second.start(), 120000);
  afterAll(() => second.stop());

  it('members connected to different processes talk: messages, reads, typing and presence cross over', async () => {
    const [a, b] = [await member('cla'), await member('clb')];
    const first = await api('POST', '/messages', {
      token: a.token,
      body: { recipient_id: b.id, content: 'hello', message_type: 'text' },
      base: secondBase,
    });
    expect(first.status).toBe(201);
    const onFirst = await connect(a, baseUrl);
    const onSecond = await connect(b, secondBase);
    try {
      // Presence: b's process announces b to a on the other process.
      await next(onFirst.events, 'user_online', (p) => p.user_id === b.id);

      // a (first process) sends through the first gateway: b on the second receives it.
      const sent = await api('POST', '/messages', {
        token: a.token,
        body: { recipient_id: b.id, content: 'across processes', message_type: 'text' },
      });
      expect(await next(onSecond.events, 'new_message', (m) => m.id === sent.body.id)).toMatchObject({
        content: 'across processes',
      });
      await next(onSecond.events, 'message_notification', (n) => n.message.id === sent.body.id);

      // b reads on the second process: a hears it on the first.
      const ack = await onSecond.socket.timeout(10000).emitWithAck('message_read_event', {
        message_id: sent.body.id,
        conversation_id: sent.body.conversation_id,
      });
      expect(ack).toMatchObject({ ok: true });
      await next(onFirst.events, 'message_read_update', (r) => r.message_id === sent.body.id);

      // b answers from the second gateway's API: a receives it on the first.
      const reply = await api('POST', '/messages', {
        token: b.token,
        body: { recipient_id: a.id, content: 'got it', message_type: 'text' },
        base: secondBase,
      });
      await next(onFirst.events, 'new_message', (m) => m.id === reply.body.id);

      // Typing crosses too.
      await onFirst.socket
        .timeout(10000)
        .emitWithAck('join_conversation', { conversation_id: sent.body.conversation_id });
      await onSecond.socket
        .timeout(10000)
        .emitWithAck('join_conversation', { conversation_id: sent.body.conversation_id });
      await onSecond.socket
        .timeout(10000)
        .emitWithAck('typing_start', { conversation_id: sent.body.conversation_id });
      await next(onFirst.events, 'user_typing', (t) => t.user_id === b.id && t.typing === true);

      onSecond.socket.close();
      await next(onFirst.events, 'user_offline', (p) => p.user_id === b.id);
      await next(onFirst.events, 'user_typing', (t) => t.user_id === b.id && t.typing === false);
    } finally {
      onFirst.socket.close();
      onSecond.socket.close();
    }
  });
});
