// Demo conversations between the demo members, through the API (and the socket for read receipts).
// Idempotent: every message carries a fixed client_message_id, so a second run finds the messages
// the first one sent instead of sending them again; reading a read message changes nothing.
// Notifications need no step of their own: the social seed's likes, comments and follows make them.
import { io } from 'socket.io-client';
import { ok } from './http.mjs';

/** [from, to, text]: in order; every message but each conversation's last is read by its recipient. */
const CONVERSATIONS = [
  [
    ['luna', 'orion', 'Congrats on shipping your side project! 🎉'],
    ['orion', 'luna', 'Thank you! It took a lot of tiny evenings.'],
    ['luna', 'orion', 'Small steps, every day — you said it yourself.'],
    ['orion', 'luna', 'Walk on Saturday to celebrate?'],
  ],
  [
    ['nova', 'luna', 'Sunrise yoga next Tuesday, are you in?'],
    ['luna', 'nova', 'Count me in! Bringing tea ☕'],
    ['nova', 'luna', 'Perfect. 6:15 on the roof 🌅'],
  ],
  [
    ['sage', 'kai', 'Day 12 of cold showers? Respect.'],
    ['kai', 'sage', 'The first ten seconds are the whole battle 😅'],
    ['sage', 'kai', 'Try box breathing during them, it helps.'],
  ],
  [
    ['kai', 'orion', 'Any tips for someone learning to code at 35?'],
    ['orion', 'kai', 'Build something you will use every day. Happy to pair on it!'],
  ],
];

/** Marks messages read the way a client does: message_read_event on the socket, answered by an ack. */
async function readAll(baseUrl, session, messages) {
  if (messages.length === 0) return 0;
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: session.access_token },
    reconnection: false,
  });
  try {
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    let read = 0;
    for (const message of messages) {
      const ack = await socket.timeout(10000).emitWithAck('message_read_event', {
        message_id: message.id,
        conversation_id: message.conversation_id,
      });
      if (!ack?.ok) throw new Error(`reading ${message.id} failed: ${JSON.stringify(ack)}`);
      read += 1;
    }
    return read;
  } finally {
    socket.close();
  }
}

export async function seedMessaging(baseUrl, sessions) {
  const byName = new Map(sessions.map((s) => [s.user.username, s]));
  let sent = 0;
  let read = 0;
  for (const [index, conversation] of CONVERSATIONS.entries()) {
    const messages = [];
    for (const [position, [from, to, content]] of conversation.entries()) {
      const message = await ok(baseUrl, 'POST', '/messages', byName.get(from).access_token, {
        recipient_id: byName.get(to).user.id,
        content,
        message_type: 'text',
        client_message_id: `seed-${index}-${position}`,
      });
      messages.push({ ...message, to });
      sent += 1;
    }
    const toRead = messages.slice(0, -1).filter((message) => !message.is_read);
    for (const name of new Set(toRead.map((message) => message.to)))
      read += await readAll(
        baseUrl,
        byName.get(name),
        toRead.filter((message) => message.to === name),
      );
  }
  return { messages: sent, messagesRead: read, conversations: CONVERSATIONS.length };
}
