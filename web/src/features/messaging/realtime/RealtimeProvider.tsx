// Opens the app's one socket while a member is signed in and a token exists (spec 000 §4), keeps its
// connection status and who is online, and closes it on sign-out. After a drop it resumes by itself
// (and at once when the browser is back online) and refetches what it may have missed meanwhile.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { api, queryKeys, tokenStore } from '../../../api';
import type { PresenceEvent } from '../types';
import { RealtimeContext } from './realtime-context';
import { RETRY_AFTER_REFUSAL_MS, socketOptions, type ConnectionStatus } from './socket-options';

/** What the socket pushes while connected; after a reconnection these are read again. */
const LIVE_KEYS = [
  queryKeys.conversations,
  ['messages'],
  queryKeys.notificationList,
  queryKeys.notificationStats,
  queryKeys.wallet,
  queryKeys.coinPrice,
  queryKeys.feeds,
] as const;

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
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

    let connectedBefore = false;
    client.on('connect', () => {
      // The server tells a new connection who of the member's partners is online now.
      setPresence(new Map());
      setStatus('connected');
      // Events sent while we were away are lost: read again what they would have changed.
      if (connectedBefore) for (const queryKey of LIVE_KEYS) void queryClient.invalidateQueries({ queryKey });
      connectedBefore = true;
    });
    // Back online: socket.io retries by itself (1 to 5 s apart) while active; start it again if it gave up.
    const onOnline = () => {
      if (!client.connected && !client.active) client.connect();
    };
    window.addEventListener('online', onOnline);
    // Refresh the session once, then connect again with the new token (offline when it is over).
    const refreshThenConnect = (delayMs: number) => {
      setStatus('reconnecting');
      clearTimeout(retry);
      retry = setTimeout(() => {
        void api.refreshSession().then((fresh) => {
          if (fresh) client.connect();
          else setStatus('offline');
        });
      }, delayMs);
    };
    client.on('disconnect', (reason) => {
      // The server closed it: the token expired, or the session or the member's role changed.
      if (reason === 'io server disconnect') refreshThenConnect(0);
      else setStatus(client.active ? 'reconnecting' : 'offline');
    });
    client.io.on('reconnect_attempt', () => setStatus('reconnecting'));
    client.on('connect_error', () => {
      if (client.active) {
        setStatus('reconnecting');
        return;
      }
      // The server refused the handshake (expired token): refresh the session once, then try again.
      refreshThenConnect(RETRY_AFTER_REFUSAL_MS);
    });
    client.on('user_online', (event: PresenceEvent) => setOnline(event.user_id, true));
    client.on('user_offline', (event: PresenceEvent) => setOnline(event.user_id, false));

    // The socket is made here, so its handle and first status can only be published here.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state is the external system's handle
    setStatus('connecting');
    client.connect();
    setSocket(client);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(retry);
      client.removeAllListeners();
      client.io.removeAllListeners();
      client.disconnect();
      setSocket(null);
      setStatus('offline');
      setPresence(new Map());
    };
  }, [hasToken, queryClient]);

  const value = useMemo(() => ({ socket, status, presence }), [socket, status, presence]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
