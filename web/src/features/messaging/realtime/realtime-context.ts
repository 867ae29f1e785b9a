// The app's realtime state, shared through React context (one socket for the whole signed-in app).
import { createContext, useContext, useEffect, useEffectEvent } from 'react';
import type { Socket } from 'socket.io-client';
import type { ConnectionStatus } from './socket-options';

export interface RealtimeValue {
  socket: Socket | null;
  status: ConnectionStatus;
  /** user id → online, from user_online / user_offline events. */
  presence: ReadonlyMap<string, boolean>;
}

export const RealtimeContext = createContext<RealtimeValue>({
  socket: null,
  status: 'offline',
  presence: new Map(),
});

export const useRealtime = () => useContext(RealtimeContext);

/** Calls `handler` for every `event` the socket receives while the component is mounted. */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void) {
  const { socket } = useRealtime();
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (payload: T) => onEvent(payload);
    socket.on(event, listener);
    return () => void socket.off(event, listener);
  }, [socket, event]);
}

/** Calls `handler` on every (re)connection of the socket (rooms must be joined again). */
export function useSocketConnected(handler: () => void) {
  const { socket } = useRealtime();
  const onConnect = useEffectEvent(handler);
  useEffect(() => {
    if (!socket) return undefined;
    const listener = () => onConnect();
    socket.on('connect', listener);
    return () => void socket.off('connect', listener);
  }, [socket]);
}
