import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { realtimeNamespace } from './realtime.keys';

/**
 * socket.io at /socket.io (websocket first, then polling) with the Redis adapter, so an event
 * emitted by any gateway process reaches clients connected to any other. The adapter's channels are
 * named per deployment (realtimeNamespace), so stacks sharing a Redis do not hear each other.
 */
export class RealtimeAdapter extends IoAdapter {
  constructor(
    private readonly app: INestApplicationContext,
    private readonly pub: Redis,
    private readonly sub: Redis,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      serveClient: false,
      connectTimeout: 20000,
    });
    const config = this.app.get<GatewayConfig>(GATEWAY_CONFIG);
    server.adapter(createAdapter(this.pub, this.sub, { key: `${realtimeNamespace(config)}:socket.io` }));
    return server;
  }
}
