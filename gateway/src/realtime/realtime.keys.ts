import type { GatewayConfig } from '../config';

/** Room of one member (every socket of theirs joins it on connect). */
export const memberRoom = (userId: string) => `user:${userId}`;
/** Room of one session (the access token's `sid`): its sockets close when it is signed out. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Room of one conversation (joined with join_conversation after a membership check). */
export const conversationRoom = (conversationId: string) => `conv:${conversationId}`;

/**
 * Redis names of realtime state, per deployment: KAFKA_GROUP_PREFIX already separates stacks that
 * share a broker (dev, each test run, the bench), so it separates their presence, typing and the
 * socket.io adapter's channels on a shared Redis too.
 */
export function realtimeNamespace(config: Pick<GatewayConfig, 'KAFKA_GROUP_PREFIX'>): string {
  return `rt:${config.KAFKA_GROUP_PREFIX}`;
}

export const REALTIME_GROUP = 'gateway.realtime';
