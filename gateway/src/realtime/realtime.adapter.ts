import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/**
 * socket.io at /socket.io (websocket first, then polling) with the Redis adapter, so an event
 * emitted by any gateway process reaches clients connected to any other.
 */
export class RealtimeAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
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
    server.adapter(createAdapter(this.pub, this.sub));
    return server;
  }
}
