import { PeriodicTasks, type ServiceRuntime } from '@aura/platform';
import type { Client as S3Client } from 'minio';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { Catalogue } from './catalogue/catalogue';
import { GeniesService } from './genies.service';
import { GeniesGrpcController } from './grpc/genies.grpc-controller';
import { type IdentityLookup, MembersConsumer, MembersRepository } from './members/members';
import { touchGenieCounters } from './metrics';
import type { GenieMoney } from './money/economy-money';
import type { RandomInt } from './rules/odds';

export interface GeniesDependencies {
  mongo: Connection;
  logger: Logger;
  runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored' | 'subscribe'>;
  storage: S3Client;
  bucket: string;
  money: GenieMoney;
  identity?: IdentityLookup;
  random?: RandomInt;
}

/** Every part of the genies service, wired. main.ts and the service tests build it the same way. */
export function composeGenies(deps: GeniesDependencies) {
  touchGenieCounters();
  const catalogue = new Catalogue(deps.mongo, deps.storage, deps.bucket);
  const members = new MembersRepository(deps.mongo, deps.identity);
  const service = new GeniesService(
    deps.mongo,
    catalogue,
    members,
    deps.money,
    deps.runtime,
    deps.logger,
    deps.random,
  );
  const controller = new GeniesGrpcController(catalogue, service);
  /** Finishes purchases a crash interrupted, every 10 s. */
  const sweeper = new PeriodicTasks(
    [{ name: 'purchase sweep', everyMs: 10_000, run: () => service.sweep() }],
    deps.logger,
  );
  return {
    catalogue,
    members,
    service,
    controller,
    membersConsumer: new MembersConsumer(deps.runtime, members),
    /** Indexes, the default price, and the catalogue with its artwork (idempotent). */
    async init(): Promise<void> {
      await Promise.all([members.ensureIndexes(), service.init()]);
      await catalogue.seed();
    },
    startSweeper(): void {
      sweeper.start();
    },
    stopSweeper(): Promise<void> {
      return sweeper.stop();
    },
  };
}

export type Genies = ReturnType<typeof composeGenies>;
