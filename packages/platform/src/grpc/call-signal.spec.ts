import { Metadata } from '@grpc/grpc-js';
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { callSignal, withCallSignal } from './call-signal';
import { asyncService } from './server';

describe('callSignal', () => {
  it('is the served call’s signal across awaits, and nothing outside a call', async () => {
    const controller = new AbortController();
    const seen = await withCallSignal(controller.signal, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return callSignal();
    });
    expect(seen).toBe(controller.signal);
    expect(callSignal()).toBeUndefined();
  });

  it('aborts when the gRPC caller cancels or its deadline passes (asyncService)', async () => {
    const definition = {
      ping: { path: '/test.Test/Ping', requestStream: false, responseStream: false },
    } as never;
    let signal: AbortSignal | undefined;
    let carryOn!: () => void;
    const service = asyncService(
      definition,
      {
        ping: async () => {
          signal = callSignal();
          await new Promise<void>((resolve) => (carryOn = resolve));
          return { aborted: signal?.aborted };
        },
      } as never,
      pino({ level: 'silent' }),
    ) as unknown as Record<
      string,
      (call: unknown, callback: (error: unknown, value?: unknown) => void) => void
    >;
    const call = Object.assign(new EventEmitter(), {
      request: {},
      metadata: new Metadata(),
      getAuthContext: () => ({}),
    });
    const answered = new Promise<unknown>((resolve) => service.ping(call, (_error, value) => resolve(value)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(signal?.aborted).toBe(false);
    call.emit('cancelled');
    carryOn();
    expect(await answered).toEqual({ aborted: true });
  });
});
