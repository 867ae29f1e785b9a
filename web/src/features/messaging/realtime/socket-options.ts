// The app's one socket.io client (spec 000 §4 "Socket connection", §7 "Real-time socket", §9 "Socket
// client: 20-second connection timeout, reconnect delay 1 to 5 seconds, unlimited attempts").
// Pure module: unit-tested under node.
import type { ManagerOptions, SocketOptions } from 'socket.io-client';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** The options of the client; the token is read at every (re)connection, so a refreshed one is used. */
export function socketOptions(token: () => string | null): Partial<ManagerOptions & SocketOptions> {
  return {
    path: '/socket.io',
    // The token in the handshake; websocket first, then polling.
    auth: (send) => send({ token: token() ?? '' }),
    transports: ['websocket', 'polling'],
    timeout: 20_000,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    autoConnect: false,
  };
}

/** What the chat header says about the connection. */
export const CONNECTION_LABELS: Record<ConnectionStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** A refused handshake (bad or expired token) is not retried by socket.io itself. */
export const RETRY_AFTER_REFUSAL_MS = 3000;
