// A database, Redis or Kafka that cannot be reached is "try again" (503), not a fault (500), and not a
// poison event (found by the chaos tier, docs/reliability.md).
import { EventEmitter } from 'node:events';
import { Metadata, status } from '@grpc/grpc-js';
import MaxRetriesPerRequestError from 'ioredis/built/errors/MaxRetriesPerRequestError';
import { MultipleErrors, NetworkError, TimeoutError } from '@platformatic/kafka';
import {
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { Error as MongooseError } from 'mongoose';
import pino from 'pino';
import { asyncService } from '../grpc/server';
import { isDependencyUnavailable } from './dependency-unavailable';
import { httpStatusForGrpc, RuleViolation } from './domain-error';

/** What the driver throws when no server answers within serverSelectionTimeoutMS. */
const selectionError = () =>
  new MongoServerSelectionError('Server selection timed out after 5000 ms', {
    type: 'Unknown',
    servers: new Map(),
  } as never);

describe('isDependencyUnavailable', () => {
  it.each([
    ['the database cannot be selected', selectionError()],
    ['the database connection broke', new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed')],
    ['the client is not connected', new MongoNotConnectedError('not connected')],
    ['the topology was closed', new MongoTopologyClosedError()],
    [
      'mongoose waited for a connection',
      new MongooseError('Operation `wallets.findOne()` buffering timed out after 10000ms'),
    ],
    ['Redis is down (ioredis gave up the command)', new MaxRetriesPerRequestError(2)],
    ['Redis closed the connection', new Error('Connection is closed.')],
    ['Kafka cannot be reached', new NetworkError('Connection to 127.0.0.1:9092 failed.')],
    ['a Kafka request timed out', new TimeoutError('Request timed out.')],
    [
      'the Kafka client ran out of retries on a connection error',
      new MultipleErrors('Cannot connect to any broker.', [new NetworkError('Connection failed.')]),
    ],
    [
      'a bulk write lost its connection (insertMany while the database was killed)',
      Object.assign(new Error('connection 30 to 127.0.0.1:27017 closed'), { name: 'MongoBulkWriteError' }),
    ],
    [
      'the database closed the socket under a write (EPIPE, let through by the driver)',
      Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }),
    ],
    [
      'the server is shutting down or not primary (a failover)',
      Object.assign(new Error('not primary'), { name: 'MongoServerError', code: 10107 }),
    ],
    [
      'an error caused by one of them',
      new Error('loading the wallet failed', { cause: new MongoNetworkError('reset') }),
    ],
  ])('is true when %s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ['a rule', new RuleViolation('Insufficient balance')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a duplicate key',
      Object.assign(new Error('E11000 duplicate key error'), { name: 'MongoServerError', code: 11000 }),
    ],
    ['nothing', undefined],
    ['a string', 'boom'],
  ])('is false for %s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});

describe('a gRPC handler that meets an unreachable dependency', () => {
  const call = (handler: () => Promise<unknown>) => {
    const service = asyncService(
      { ping: {} } as never,
      { ping: handler } as never,
      pino({ level: 'silent' }),
    ) as {
      ping: (call: unknown, callback: (error: { code: number } | null, value?: unknown) => void) => void;
    };
    return new Promise<{ code: number } | null>((resolve) =>
      service.ping(
        Object.assign(new EventEmitter(), {
          request: {},
          metadata: new Metadata(),
          getAuthContext: () => ({}),
        }),
        (error) => resolve(error),
      ),
    );
  };

  it('answers UNAVAILABLE, which the gateway answers 503 with Retry-After', async () => {
    const error = await call(async () => {
      throw selectionError();
    });
    expect(error?.code).toBe(status.UNAVAILABLE);
    expect(httpStatusForGrpc(error!.code)).toBe(503);
  });

  it('still answers INTERNAL (500) for a bug', async () => {
    const error = await call(async () => {
      throw new TypeError('undefined is not a function');
    });
    expect(error?.code).toBe(status.INTERNAL);
  });
});
