import { common } from '@aura/proto';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { BaseConfig, parseHostPort } from '../config/config';
import { EventRecord } from '../events/event';
import { EventBus, Subscription } from '../events/event-bus';
import { KafkaEventBus } from '../events/kafka-event-bus';
import { OutboxModel, OutboxRelay, StoredEventsAt } from '../events/outbox';
import { MongoProcessedEventStore } from '../events/processed-event-store';
import { healthServiceImplementation } from '../grpc/health-service';
import { configureInternalCalls, internalCallsConfig } from '../grpc/internal-calls';
import { GrpcServer, logRefusedCallsTo } from '../grpc/server';
import { HealthServer } from '../health/health-server';
import { createLogger } from '../logging/logger';
import { connectMongo, databaseName, pingMongo } from '../mongo/connection';
import { closeRedis, createRedis, Redis } from '../redis/redis';
import { RunningService } from './running-service';

export interface ServiceRuntimeOptions {
  service: string;
  config: BaseConfig;
  /** Services that keep timelines, presence or counters in Redis ask for a client. */
  redis?: boolean;
  logger?: Logger;
}

/**
 * Everything a service process holds besides its domain code: logger, its own MongoDB database,
 * the event bus and outbox relay, Redis, the gRPC server, the health endpoints, and an orderly
 * shutdown (stop taking calls, finish in-flight work, flush the outbox, close connections).
 */
export class ServiceRuntime {
  readonly grpc: GrpcServer;
  readonly health: HealthServer;
  readonly outbox: OutboxRelay;
  private readonly outboxModels: OutboxModel[] = [];
  private stopping?: Promise<void>;

  private constructor(
    readonly service: string,
    readonly config: BaseConfig,
    readonly logger: Logger,
    readonly mongo: Connection,
    readonly bus: EventBus,
    readonly redis: Redis | undefined,
  ) {
    this.grpc = new GrpcServer(service);
    this.health = new HealthServer({ services: [service] });
    this.outbox = new OutboxRelay({ bus, logger, models: this.outboxModels });
    logRefusedCallsTo(logger);
    // Any service of the internal CA may ask whether this one is ready.
    this.grpc.add(common.HealthServiceService, healthServiceImplementation(this.health), { others: ['*'] });
    this.health.addCheck('mongodb', () => pingMongo(mongo));
    this.health.addCheck('kafka', () => {
      if (!bus.isReady()) throw new Error('producer not connected');
    });
    if (redis) this.health.addCheck('redis', async () => void (await redis.ping()));
  }

  static async create(options: ServiceRuntimeOptions): Promise<ServiceRuntime> {
    const { service, config } = options;
    const logger = options.logger ?? createLogger(service, config.LOG_LEVEL);
    configureInternalCalls(internalCallsConfig(service, config));
    const mongo = await connectMongo(
      config.MONGODB_URI,
      databaseName(service, config.AURA_DB_SUFFIX),
      logger,
    );
    const bus = new KafkaEventBus({
      clientId: `aura-${service}`,
      brokers: config.KAFKA_BROKERS,
      groupPrefix: config.KAFKA_GROUP_PREFIX,
      newGroupStart: config.KAFKA_NEW_GROUP_START,
      logger,
      processed: new MongoProcessedEventStore(mongo),
    });
    await bus.connect();
    const redis = options.redis ? createRedis(config.REDIS_URL, `aura-${service}`) : undefined;
    return new ServiceRuntime(service, config, logger, mongo, bus, redis);
  }

  /** Models whose documents carry an `_outbox` (see outboxPlugin). */
  registerOutbox(...models: OutboxModel[]): void {
    this.outboxModels.push(...models);
  }

  /**
   * Called by repositories right after a write that stored events, so they go out at once; `at` names
   * the document (the relay then reads it by `_id` instead of sweeping every outbox collection).
   */
  eventsStored(_records: EventRecord[], at?: StoredEventsAt): void {
    this.outbox.nudge(at);
  }

  subscribe(subscription: Subscription): Promise<void> {
    return this.bus.subscribe(subscription);
  }

  /**
   * Listens on AURA_BIND_HOST: gRPC on the port of the service's own *_GRPC_URL (the address others
   * dial), health on its *_HTTP_PORT.
   */
  async start(endpoints: { grpcUrl: string; httpPort: number }): Promise<void> {
    const host = this.config.AURA_BIND_HOST;
    await this.health.listen(endpoints.httpPort, host);
    const port = await this.grpc.listen(`${host}:${parseHostPort(endpoints.grpcUrl).port}`);
    this.outbox.start();
    this.logger.info({ grpcPort: port, httpPort: endpoints.httpPort }, `${this.service} ready`);
  }

  /**
   * The started service, for runAsProcess or the one-process server: stopping it runs `extraClose`
   * (the service's own parts) after the gRPC server has stopped taking calls.
   */
  running(extraClose: () => Promise<void> = async () => undefined): RunningService {
    return { name: this.service, stop: () => this.stop(extraClose) };
  }

  stop(extraClose: () => Promise<void> = async () => undefined): Promise<void> {
    this.stopping ??= (async () => {
      this.logger.info('shutting down');
      this.health.markShuttingDown();
      await this.grpc.close();
      await extraClose();
      await this.outbox.stop();
      await this.outbox.drain().catch(() => undefined);
      await this.bus.close();
      if (this.redis) await closeRedis(this.redis);
      await this.mongo.close();
      await this.health.close();
    })();
    return this.stopping;
  }
}
