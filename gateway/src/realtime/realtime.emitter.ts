import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { conversationRoom, memberRoom } from './realtime.keys';

/** Payload of auracoin_price_update (spec 000 §7). */
export interface PriceUpdate {
  current_price: number;
  price_change_24h: number;
  price_change_7d: number;
  market_cap: number;
}

/**
 * Emits to rooms. socket.io's Redis adapter carries every emit to the other gateway processes, so a
 * member's sockets are reached whichever process holds them and whichever process emits.
 */
@Injectable()
export class RealtimeEmitter {
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
  }

  get attached(): boolean {
    return this.server !== undefined;
  }

  toMembers(userIds: string[], event: string, payload: unknown, conversationId?: string): void {
    const rooms = userIds.map(memberRoom);
    if (conversationId) rooms.push(conversationRoom(conversationId));
    if (rooms.length > 0) this.server?.to(rooms).emit(event, payload);
  }

  /** user_typing to the conversation's room, except the typing member's own sockets. */
  typing(conversationId: string, userId: string, typing: boolean): void {
    this.server
      ?.to(conversationRoom(conversationId))
      .except(memberRoom(userId))
      .emit('user_typing', { conversation_id: conversationId, user_id: userId, typing });
  }

  /** Closes every socket in these rooms, on every gateway process (the Redis adapter relays it). */
  disconnect(rooms: string[]): void {
    if (rooms.length > 0) this.server?.in(rooms).disconnectSockets(true);
  }

  priceUpdate(update: PriceUpdate): void {
    this.server?.emit('auracoin_price_update', update);
  }
}
