import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_REDIS } from '../common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { RealtimeEmitter } from './realtime.emitter';
import { realtimeNamespace } from './realtime.keys';

/** Typing stops by itself 5 s after the last typing_start (PRODUCT-DECISIONS.md). */
export const TYPING_TTL_MS = 5000;

/**
 * Typing state: `<ns>:t:<conversation>:<member>` in Redis with a 5 s expiry (so a member joining a
 * conversation learns who is typing there), and on the process holding the socket a timer that ends
 * it: typing_start starts or renews it, typing_stop, leaving, disconnecting or 5 s without renewal end
 * it. user_typing goes out when the state changes, not on every renewal.
 */
@Injectable()
export class TypingService {
  private readonly namespace: string;
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly emitter: RealtimeEmitter,
  ) {
    this.namespace = realtimeNamespace(config);
  }

  private key(conversationId: string, userId: string): string {
    return `${this.namespace}:t:${conversationId}:${userId}`;
  }

  async start(socketId: string, userId: string, conversationId: string): Promise<void> {
    const id = `${socketId}|${userId}|${conversationId}`;
    const active = this.timers.get(id);
    if (active) clearTimeout(active);
    const timer = setTimeout(() => void this.stop(socketId, userId, conversationId), TYPING_TTL_MS);
    timer.unref();
    this.timers.set(id, timer);
    await this.redis.set(this.key(conversationId, userId), '1', 'PX', TYPING_TTL_MS);
    if (!active) this.emitter.typing(conversationId, userId, true);
  }

  async stop(socketId: string, userId: string, conversationId: string): Promise<void> {
    const id = `${socketId}|${userId}|${conversationId}`;
    const active = this.timers.get(id);
    if (!active) return;
    clearTimeout(active);
    this.timers.delete(id);
    this.emitter.typing(conversationId, userId, false);
    await this.redis.del(this.key(conversationId, userId));
  }

  /** Ends every typing state of a socket (it disconnected). */
  async stopAll(socketId: string): Promise<void> {
    const mine = [...this.timers.keys()].filter((id) => id.startsWith(`${socketId}|`));
    await Promise.all(
      mine.map((id) => {
        const [, userId, conversationId] = id.split('|');
        return this.stop(socketId, userId, conversationId);
      }),
    );
  }

  /** Which of the members are typing in the conversation now. */
  async typingAmong(conversationId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const values = await this.redis.mget(...userIds.map((userId) => this.key(conversationId, userId)));
    return userIds.filter((_, index) => values[index] !== null);
  }

  stopTimers(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
