import { Inject, OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { GaugeSources, isServiceError } from '@aura/platform';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { AccessTokenVerifier, AuthenticatedCaller } from '../auth/access-token-verifier';
import { MessagingClient } from '../clients/messaging.client';
import { GATEWAY_LOGGER } from '../common/tokens';
import { CONVERSATION_ID_PATTERN } from '../messaging/messaging.ids';
import { UUID_PATTERN } from '../common/id.pipe';
import { HEARTBEAT_MS, PresenceService } from './presence.service';
import { RealtimeEmitter } from './realtime.emitter';
import { SessionsService } from '../auth/sessions.service';
import { conversationRoom, memberRoom, sessionRoom } from './realtime.keys';
import { TypingService } from './typing.service';

export { memberRoom } from './realtime.keys';

/** aura.socket.connections (Prometheus aura_socket_connections): sockets connected to this process. */
const socketConnections = new GaugeSources('aura.socket.connections', {
  description: 'socket.io connections held by this gateway process.',
});

/** The answer (ack) to a client event. */
export type Ack = { ok: true; [key: string]: unknown } | { ok: false; error: string };

const NOT_A_MEMBER = 'Conversation not found';
const BAD_REQUEST = 'conversation_id is required';

/**
 * The access token of a handshake: from its auth payload only (`auth: { token }`). Never from the
 * query string, which ends up in proxy and access logs (issue 18).
 */
function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  return undefined;
}

/** setTimeout's longest delay; a token lives far less (AURA_ACCESS_TOKEN_TTL_SECONDS). */
const MAX_TIMER_MS = 2 ** 31 - 1;

const conversationOf = (body: unknown): string | undefined => {
  const id = (body as { conversation_id?: unknown } | undefined)?.conversation_id;
  return typeof id === 'string' && CONVERSATION_ID_PATTERN.test(id) ? id.toLowerCase() : undefined;
};

const callerOf = (socket: Socket) => socket.data.caller as AuthenticatedCaller;

/**
 * The only place that holds sockets (spec 000 §7 "Real-time"). A connection needs a valid access token
 * of an open session in the handshake's auth payload (`auth: { token }`); each member's sockets join
 * `user:<id>` and `session:<sid>`, and `conv:<id>` after join_conversation checked membership with
 * messaging. A socket is closed when its token expires, when its session is signed out and when the
 * member's role changes (SessionsService); the client then refreshes its token and reconnects.
 *
 * In: join_conversation, leave_conversation, typing_start, typing_stop, message_read_event — each
 * answers an ack `{ok, ...}` (and `error` `{event, detail}` on refusal). Out: user_online /
 * user_offline (to members who share a conversation; online while any socket is connected),
 * user_typing (to the conversation's room), and what services publish (RealtimeEventsConsumer):
 * new_message, message_notification, conversation_updated, message_read_update, new_notification,
 * auracoin_price_update, and message_reaction_update (issue 23: `{message_id, conversation_id,
 * reactions: [{emoji, count, user_ids}], user_id, emoji, on}` to both members when one adds or takes
 * back a reaction), and message_removed (`{message_id, conversation_id}` to both members when a moderator
 * removed a message: the app reads the conversation again). A reply is a new_message like any other, carrying `reply_to` (the quoted message's
 * id, sender and excerpt) and, for a story reply, `story`.
 */
@WebSocketGateway()
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  private heartbeat?: NodeJS.Timeout;
  private stopCounting?: () => void;

  constructor(
    private readonly verifier: AccessTokenVerifier,
    private readonly messaging: MessagingClient,
    private readonly presence: PresenceService,
    private readonly typing: TypingService,
    private readonly emitter: RealtimeEmitter,
    private readonly sessions: SessionsService,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: Server): void {
    this.emitter.attach(server);
    this.stopCounting = socketConnections.add((result) => result.observe(server.of('/').sockets.size));
    server.use((socket, next) => {
      const token = tokenOf(socket);
      if (!token) return next(new Error('Unauthorized'));
      this.verifier
        .verify(token)
        .then(async (caller) => {
          await this.sessions.assertActive(caller);
          return caller;
        })
        .then(
          (caller) => {
            socket.data.caller = caller;
            socket.data.conversations = new Set<string>();
            next();
          },
          () => next(new Error('Unauthorized')),
        );
    });
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    try {
      await this.presence.heartbeat();
      for (const userId of await this.presence.sweepExpired()) await this.announce(userId, 'user_offline');
    } catch (error) {
      this.logger.warn({ err: error }, 'presence heartbeat failed');
    }
  }

  async handleConnection(socket: Socket): Promise<void> {
    const caller = socket.data.caller as AuthenticatedCaller | undefined;
    if (!caller) {
      socket.disconnect(true);
      return;
    }
    await socket.join([memberRoom(caller.userId), sessionRoom(caller.sessionId)]);
    // The socket lives no longer than its token.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(Math.max(0, caller.expiresAt - Date.now()), MAX_TIMER_MS),
    );
    expiry.unref();
    socket.once('disconnect', () => clearTimeout(expiry));
    // Signed out (or demoted) between the handshake and joining the session's room: closed now.
    if (
      !(await this.sessions.assertActive(caller).then(
        () => true,
        () => false,
      ))
    ) {
      socket.disconnect(true);
      return;
    }
    try {
      const first = await this.presence.connected(caller.userId, socket.id);
      const partners = await this.partners(caller.userId);
      if (first)
        this.emitter.toMembers(partners, 'user_online', {
          user_id: caller.userId,
          username: caller.username,
        });
      // The newcomer learns who of theirs is online now; from here on, events keep it current.
      for (const userId of await this.presence.onlineAmong(partners))
        socket.emit('user_online', { user_id: userId });
    } catch (error) {
      this.logger.warn({ err: error, userId: caller.userId }, 'presence on connect failed');
    }
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    const caller = socket.data.caller as AuthenticatedCaller | undefined;
    if (!caller) return;
    try {
      await this.typing.stopAll(socket.id);
      if (await this.presence.disconnected(caller.userId, socket.id))
        await this.announce(caller.userId, 'user_offline');
    } catch (error) {
      this.logger.warn({ err: error, userId: caller.userId }, 'presence on disconnect failed');
    }
  }

  private async partners(userId: string): Promise<string[]> {
    return (await this.messaging.listPartners(userId)).userIds;
  }

  private async announce(userId: string, event: 'user_offline'): Promise<void> {
    this.emitter.toMembers(await this.partners(userId), event, { user_id: userId });
  }

  /** Membership is asked of messaging once per socket and conversation. */
  private async isMember(socket: Socket, conversationId: string): Promise<boolean> {
    const known = socket.data.conversations as Set<string>;
    if (known.has(conversationId)) return true;
    try {
      await this.messaging.getConversation(callerOf(socket), conversationId);
    } catch (error) {
      if (isServiceError(error) && error.code === 5 /* NOT_FOUND */) return false;
      throw error;
    }
    known.add(conversationId);
    return true;
  }

  private refuse(socket: Socket, event: string, error: string): Ack {
    socket.emit('error', { event, detail: error });
    return { ok: false, error };
  }

  @SubscribeMessage('join_conversation')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    const conversationId = conversationOf(body);
    if (!conversationId) return this.refuse(socket, 'join_conversation', BAD_REQUEST);
    if (!(await this.isMember(socket, conversationId).catch(() => false)))
      return this.refuse(socket, 'join_conversation', NOT_A_MEMBER);
    await socket.join(conversationRoom(conversationId));
    const userId = callerOf(socket).userId;
    const others = conversationId.split(':').filter((id) => id !== userId);
    for (const typingId of await this.typing.typingAmong(conversationId, others))
      socket.emit('user_typing', { conversation_id: conversationId, user_id: typingId, typing: true });
    return { ok: true, conversation_id: conversationId };
  }

  @SubscribeMessage('leave_conversation')
  async leave(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    const conversationId = conversationOf(body);
    if (!conversationId) return this.refuse(socket, 'leave_conversation', BAD_REQUEST);
    await this.typing.stop(socket.id, callerOf(socket).userId, conversationId);
    await socket.leave(conversationRoom(conversationId));
    return { ok: true, conversation_id: conversationId };
  }

  @SubscribeMessage('typing_start')
  async typingStart(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.setTyping(socket, body, true);
  }

  @SubscribeMessage('typing_stop')
  async typingStop(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.setTyping(socket, body, false);
  }

  private async setTyping(socket: Socket, body: unknown, typing: boolean): Promise<Ack> {
    const event = typing ? 'typing_start' : 'typing_stop';
    const conversationId = conversationOf(body);
    if (!conversationId) return this.refuse(socket, event, BAD_REQUEST);
    if (!(await this.isMember(socket, conversationId).catch(() => false)))
      return this.refuse(socket, event, NOT_A_MEMBER);
    const userId = callerOf(socket).userId;
    if (typing) await this.typing.start(socket.id, userId, conversationId);
    else await this.typing.stop(socket.id, userId, conversationId);
    return { ok: true };
  }

  /** The recipient read a message: messaging records it and publishes message.read (→ message_read_update). */
  @SubscribeMessage('message_read_event')
  async messageRead(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    const conversationId = conversationOf(body);
    const messageId = (body as { message_id?: unknown } | undefined)?.message_id;
    if (!conversationId || typeof messageId !== 'string' || !UUID_PATTERN.test(messageId))
      return this.refuse(socket, 'message_read_event', 'message_id and conversation_id are required');
    try {
      const receipt = await this.messaging.markRead(callerOf(socket), {
        conversationId,
        messageId: messageId.toLowerCase(),
      });
      return { ok: true, message_id: receipt.messageId, is_read: receipt.isRead, read_at: receipt.readAt };
    } catch (error) {
      const detail =
        isServiceError(error) && error.code !== 13 ? error.details : 'Could not mark the message read';
      return this.refuse(socket, 'message_read_event', detail);
    }
  }

  onModuleDestroy(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.stopCounting?.();
    this.typing.stopTimers();
  }
}
