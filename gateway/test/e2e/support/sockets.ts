import { io, Socket } from 'socket.io-client';
import { baseUrl, type Loose } from './api';
import type { Member } from './social';

export interface Listener {
  /** The payloads of `event` received so far, oldest first. */
  received: (event: string) => Loose[];
}

const sockets: Socket[] = [];

/** A member's socket to the gateway, recording everything it receives; closed by closeSockets(). */
export async function listen(who: Member): Promise<Listener> {
  const events: { event: string; payload: Loose }[] = [];
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: who.token },
    reconnection: false,
  });
  sockets.push(socket);
  socket.onAny((event: string, payload: Loose) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { received: (event) => events.filter((e) => e.event === event).map((e) => e.payload) };
}

export function closeSockets(): void {
  sockets.splice(0).forEach((socket) => socket.close());
}
