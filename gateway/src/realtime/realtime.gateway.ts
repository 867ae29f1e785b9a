import { Inject } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { AccessTokenVerifier, AuthenticatedCaller } from '../auth/access-token-verifier';
import { GATEWAY_LOGGER } from '../common/tokens';

export const memberRoom = (userId: string) => `user:${userId}`;

function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  return header?.replace(/^Bearer\s+/i, '') || undefined;
}

/**
 * The only place that holds sockets. A connection needs a valid access token in the handshake
 * (`auth: { token }`); each member's sockets join the member's room.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  constructor(
    private readonly verifier: AccessTokenVerifier,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      const token = tokenOf(socket);
      if (!token) return next(new Error('Unauthorized'));
      this.verifier.verify(token).then(
        (caller) => {
          socket.data.caller = caller;
          next();
        },
        () => next(new Error('Unauthorized')),
      );
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    const caller = socket.data.caller as AuthenticatedCaller | undefined;
    if (!caller) {
      socket.disconnect(true);
      return;
    }
    await socket.join(memberRoom(caller.userId));
    this.logger.debug({ userId: caller.userId, socketId: socket.id }, 'socket connected');
  }
}
