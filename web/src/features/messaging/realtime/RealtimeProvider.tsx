// Opens the app's one socket while a member is signed in and a token exists (spec 000 §4), keeps its
// connection status and who is online, and closes it on sign-out.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { api, tokenStore } from '../../../api';
import type { PresenceEvent } from '../types';
import { RealtimeContext } from './realtime-context';
import { RETRY_AFTER_REFUSAL_MS, socketOptions, type ConnectionStatus } from './socket-options';

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => tokenStore.get());
  const hasToken = token !== null;
  const [socket, setSocket] = useState<Socket | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('offline');
  const [presence, setPresence] = useState<ReadonlyMap<string, boolean>>(() => new Map());

  useEffect(() => tokenStore.subscribe(() => setToken(tokenStore.get())), []);

  useEffect(() => {
    if (!hasToken) return undefined;
    const client = io(socketOptions(() => tokenStore.get()));
    let retry: ReturnType<typeof setTimeout> | undefined;
    const setOnline = (userId: string, online: boolean) =>
      setPresence((current) => {
        if (current.get(userId) === online) return current;
        const next = new Map(current);
        next.set(userId, online);
        return next;
      });

    client.on('connect', () => {
      // The server tells a new connection who of the member's partners is online now.
      setPresence(new Map());
      setStatus('connected');
    });
    client.on('disconnect', () => setStatus(client.active ? 'reconnecting' : 'offline'));
    client.io.on('reconnect_attempt', () => setStatus('reconnecting'));
    client.on('connect_error', () => {
      if (client.active) {
        setStatus('reconnecting');
        return;
      }
      // The server refused the handshake (expired token): refresh the session once, then try again.
      setStatus('reconnecting');
      clearTimeout(retry);
      retry = setTimeout(() => {
        void api.refreshSession().then((fresh) => {
          if (fresh) client.connect();
          else setStatus('offline');
        });
      }, RETRY_AFTER_REFUSAL_MS);
    });
    client.on('user_online', (event: PresenceEvent) => setOnline(event.user_id, true));
    client.on('user_offline', (event: PresenceEvent) => setOnline(event.user_id, false));

    setStatus('connecting');
    client.connect();
    setSocket(client);
    return () => {
      clearTimeout(retry);
      client.removeAllListeners();
      client.io.removeAllListeners();
      client.disconnect();
      setSocket(null);
      setStatus('offline');
      setPresence(new Map());
    };
  }, [hasToken]);

  const value = useMemo(() => ({ socket, status, presence }), [socket, status, presence]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
