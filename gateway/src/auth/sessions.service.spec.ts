import { HttpException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { loadGatewayConfig } from '../config';
import { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { AuthenticatedCaller } from './access-token-verifier';
import { SESSION_ENDED, SessionsService } from './sessions.service';

function fakeRedis(options: { down?: boolean } = {}) {
  const values = new Map<string, string>();
  const redis = {
    mget: async (...keys: string[]) => {
      if (options.down) throw new Error('connection refused');
      return keys.map((key) => values.get(key) ?? null);
    },
    set: async (key: string, value: string) => {
      if (options.down) throw new Error('connection refused');
      values.set(key, value);
      return 'OK';
    },
  };
  return redis as unknown as Redis;
}

const logger = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;
const config = loadGatewayConfig({ KAFKA_GROUP_PREFIX: 'unit', AURA_INTERNAL_TLS_DIR: '/pki' });
const caller = (role: AuthenticatedCaller['role'], sessionId = 's1'): AuthenticatedCaller => ({
  userId: 'm1',
  role,
  username: 'luna',
  sessionId,
  expiresAt: Date.now() + 60_000,
});
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: HttpException) => error.getStatus(),
  );

describe('SessionsService', () => {
  it('a signed-out session is refused, other sessions of the member are not; its sockets close', async () => {
    const emitter = new RealtimeEmitter();
    const disconnect = jest.spyOn(emitter, 'disconnect');
    const sessions = new SessionsService(fakeRedis(), config, logger, emitter);
    expect(await statusOf(sessions.assertActive(caller('user')))).toBe(200);
    await sessions.endSession('s1');
    const refused = await sessions.assertActive(caller('user')).catch((error: HttpException) => error);
    expect((refused as HttpException).getStatus()).toBe(401);
    expect((refused as HttpException).getResponse()).toEqual({ detail: SESSION_ENDED });
    expect(await statusOf(sessions.assertActive(caller('user', 's2')))).toBe(200);
    expect(disconnect).toHaveBeenCalledWith(['session:s1']);
  });

  it('after a role change, tokens claiming a higher role are refused; lower ones stay valid', async () => {
    const emitter = new RealtimeEmitter();
    const disconnect = jest.spyOn(emitter, 'disconnect');
    const sessions = new SessionsService(fakeRedis(), config, logger, emitter);
    await sessions.roleChanged('m1', 'user');
    expect(await statusOf(sessions.assertActive(caller('admin')))).toBe(401);
    expect(await statusOf(sessions.assertActive(caller('super_admin')))).toBe(401);
    expect(await statusOf(sessions.assertActive(caller('user')))).toBe(200);
    await sessions.roleChanged('m1', 'admin');
    expect(await statusOf(sessions.assertActive(caller('user')))).toBe(200);
    expect(await statusOf(sessions.assertActive(caller('admin')))).toBe(200);
    expect(disconnect).toHaveBeenCalledWith(['user:m1']);
  });

  it('fails closed: without Redis every check and change is 503', async () => {
    const sessions = new SessionsService(fakeRedis({ down: true }), config, logger, new RealtimeEmitter());
    expect(await statusOf(sessions.assertActive(caller('user')))).toBe(503);
    expect(await statusOf(sessions.endSession('s1'))).toBe(503);
  });
});
