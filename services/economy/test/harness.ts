// Builds the economy service in-process against the real local infrastructure (deploy/local): its own
// database (dropped first), its own consumer groups, the gRPC server on a random port, and a grpc-js
// client as the gateway uses. Members come from a stand-in for identity (what economy asks for a member
// it has not heard of) unless a test publishes identity's events.
import {
  asyncService,
  type BaseConfig,
  Caller,
  callerMetadata,
  createGrpcClient,
  GrpcServer,
  type MemberSnapshot,
  type MemberSource,
  ServiceRuntime,
} from '@aura/platform';
import { seekToEnd, testConfig, testIdentity } from '@aura/platform/testing';
import { economy as contract } from '@aura/proto';
import { type ServiceError, status } from '@grpc/grpc-js';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { EconomyModule, type EconomyModuleOptions } from '../src/economy.module';
import { ECONOMY_CALLERS, EconomyGrpcController } from '../src/grpc/economy.grpc-controller';
import { Ledger } from '../src/ledger/ledger';
import { LedgerCheck } from '../src/ledger/ledger-check';
import { MarketConsumer } from '../src/market/market.consumer';
import { MarketOptions, MarketService } from '../src/market/market.service';
import { MarketplaceService } from '../src/marketplace/marketplace.service';
import { MembersConsumer } from '../src/members/members.consumer';
import { type Member, MembersRepository } from '../src/members/members.repository';
import { PaymentsService } from '../src/payments/payments.service';
import { RewardSlots } from '../src/rewards/reward-slots';
import { RewardsConsumer } from '../src/rewards/rewards.consumer';
import { RewardsService } from '../src/rewards/rewards.service';
import { EconomySettings } from '../src/settings/economy-settings';
import { SpendingService } from '../src/spending/spending.service';
import { StatementService } from '../src/statements/statement.service';
import { MaintenanceSweeper } from '../src/sweep/maintenance-sweeper';
import { TopUpsService } from '../src/topups/topups.service';
import { StripeWebhooks } from '../src/topups/webhooks/stripe-webhooks';
import { WalletExport } from '../src/wallet/wallet-export';
import { WalletService } from '../src/wallet/wallet.service';
import { WithdrawalsOptions, WithdrawalsService } from '../src/withdrawals/withdrawals.service';
import { DependencyUnavailable } from '../src/dependency-unavailable';
import type { MoodSource } from '../src/spending/identity-mood';

/** identity's GetUser, as the test says: the members it knows. */
export class FakeIdentity implements MemberSource {
  readonly members = new Map<string, Member>();
  /** identity unreachable: asking fails as IdentityMemberSource's call does. */
  down = false;

  add(username = `m_${randomBytes(3).toString('hex')}`, extra: Partial<Member> = {}): Member {
    const member: Member = {
      id: objectId(),
      username,
      displayName: username,
      role: 'user',
      isSuperAura: false,
      ...extra,
    };
    this.members.set(member.id, member);
    return member;
  }

  async find(userId: string): Promise<MemberSnapshot | null> {
    if (this.down) throw Object.assign(new Error('No connection established'), { code: status.UNAVAILABLE });
    return this.members.get(userId) ?? null;
  }
}

/** identity's IsMoodLow, as the test says: the members whose last two check-ins were low. */
export class FakeMood implements MoodSource {
  readonly low = new Set<string>();
  /** How often economy asked (it asks only above a member's pause threshold). */
  asked = 0;
  /** identity unreachable: asking fails as IdentityMoodSource's does. */
  down = false;

  async isLow(userId: string): Promise<boolean> {
    this.asked += 1;
    if (this.down) throw new DependencyUnavailable();
    return this.low.has(userId);
  }
}

/** A fresh id in identity's form (MongoDB ObjectId, 24 hex digits). */
export const objectId = () => randomBytes(12).toString('hex');

export const superAdmin: Caller = { userId: objectId(), role: 'super_admin' };
export const admin: Caller = { userId: objectId(), role: 'admin' };

/** The service's parts, from its Nest application context (built as main.ts builds it). */
export function partsOf(app: INestApplicationContext) {
  return {
    ledger: app.get(Ledger),
    members: app.get(MembersRepository),
    slots: app.get(RewardSlots),
    rewards: app.get(RewardsService),
    settings: app.get(EconomySettings),
    spending: app.get(SpendingService),
    payments: app.get(PaymentsService),
    wallets: app.get(WalletService),
    walletExport: app.get(WalletExport),
    statements: app.get(StatementService),
    withdrawals: app.get(WithdrawalsService),
    topups: app.get(TopUpsService),
    stripeWebhooks: app.get(StripeWebhooks),
    marketplace: app.get(MarketplaceService),
    controller: app.get(EconomyGrpcController),
    maintenance: app.get(MaintenanceSweeper),
    ledgerCheck: app.get(LedgerCheck),
    market: app.get(MarketService),
    marketConsumer: app.get(MarketConsumer),
    membersConsumer: app.get(MembersConsumer),
    rewardsConsumer: app.get(RewardsConsumer),
  };
}

export type Economy = ReturnType<typeof partsOf>;

/** The economy service's Nest application context, initialized (indexes and seed data in place). */
export async function createEconomyApp(
  runtime: ServiceRuntime,
  config: BaseConfig,
  options: EconomyModuleOptions,
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(EconomyModule.register(runtime, config, options), {
    logger: false,
  });
  await app.init();
  return app;
}

export interface Harness {
  runtime: ServiceRuntime;
  /** The test's configuration (its own database and consumer groups). */
  config: BaseConfig;
  /** The service's Nest application context (its parts: `economy`). */
  app: INestApplicationContext;
  economy: Economy;
  /** identity, as economy asks it for a member it has not heard of. */
  identity: FakeIdentity;
  mood: FakeMood;
  client: contract.EconomyServiceClient;
  /** A call as the gateway makes it, for `caller`. */
  call<K extends keyof contract.EconomyServiceClient>(
    method: K,
    request: unknown,
    caller?: Caller,
    idempotencyKey?: string,
  ): Promise<unknown>;
  /** A client with another service's certificate (genies, calling economy). */
  clientAs(service: string): contract.EconomyServiceClient;
  /** A call as another service makes it (its own certificate, no member). */
  callAs<K extends keyof contract.EconomyServiceClient>(
    service: string,
    method: K,
    request: unknown,
    idempotencyKey?: string,
  ): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startEconomy(
  name: string,
  options: {
    consumers?: boolean;
    relay?: boolean;
    market?: MarketOptions;
    withdrawals?: WithdrawalsOptions;
    topups?: EconomyModuleOptions['topups'];
    /** The spending rules' time (default: the real one). */
    clock?: () => Date;
  } = {},
): Promise<Harness> {
  const base = process.env.AURA_DB_SUFFIX || 'test';
  const config = testConfig({
    AURA_DB_SUFFIX: `${name}_${base}`,
    KAFKA_GROUP_PREFIX: `aura-it-${name}-${Date.now().toString(36)}`,
  });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const runtime = await ServiceRuntime.create({ service: 'economy', config, logger });
  await runtime.mongo.dropDatabase();
  const identity = new FakeIdentity();
  const mood = new FakeMood();
  const app = await createEconomyApp(runtime, config, {
    identity,
    mood,
    clock: options.clock,
    market: options.market,
    withdrawals: options.withdrawals,
    topups: options.topups,
  });
  const economy = partsOf(app);
  if (options.consumers) {
    // Fresh consumer groups start at the end of the topics: the tests publish what they need, and
    // the history other runs left on the shared broker is not theirs to process.
    await seekToEnd(config.KAFKA_BROKERS, `${config.KAFKA_GROUP_PREFIX}.economy.members`, [
      'aura.identity.user',
    ]);
    await seekToEnd(config.KAFKA_BROKERS, `${config.KAFKA_GROUP_PREFIX}.economy.rewards`, [
      'aura.social.content',
    ]);
    await economy.membersConsumer.start();
    await economy.rewardsConsumer.start();
  }
  const server = new GrpcServer();
  server.add(
    contract.EconomyServiceService,
    asyncService(contract.EconomyServiceService, economy.controller, logger),
    ECONOMY_CALLERS,
  );
  const port = await server.listen('127.0.0.1:0');
  // The runtime's outbox relay publishes (and deletes) the ledger's outbox documents, as
  // runtime.start() starts it in main.ts; tests of the outbox itself keep it off (it then leaves the
  // outbox alone).
  if (options.relay !== false) runtime.outbox.start();
  const gateway = testIdentity('gateway');
  const clientAs = (service: string) =>
    createGrpcClient(contract.EconomyServiceClient, `127.0.0.1:${port}`, 'economy', testIdentity(service));
  const client = clientAs('gateway');
  const clients = new Map([['gateway', client]]);
  /** One client per calling service, opened on first use. */
  const clientFor = (service: string) => {
    if (!clients.has(service)) clients.set(service, clientAs(service));
    return clients.get(service)!;
  };
  const invoke = (
    on: contract.EconomyServiceClient,
    method: keyof contract.EconomyServiceClient,
    request: unknown,
    metadata: ReturnType<typeof callerMetadata>,
  ) =>
    new Promise((resolve, reject) => {
      const fn = on[method] as unknown as (
        request: unknown,
        metadata: unknown,
        callback: (error: ServiceError | null, response: unknown) => void,
      ) => void;
      fn.call(on, request, metadata, (error, response) => (error ? reject(error) : resolve(response)));
    });
  return {
    runtime,
    config,
    app,
    economy,
    identity,
    mood,
    client,
    call(method, request, caller, idempotencyKey) {
      return invoke(client, method, request, callerMetadata(caller, idempotencyKey, gateway));
    },
    clientAs: clientFor,
    callAs(service, method, request, idempotencyKey) {
      return invoke(clientFor(service), method, request, callerMetadata(undefined, idempotencyKey));
    },
    async stop() {
      for (const open of clients.values()) open.close();
      await server.close(1000);
      // The maintenance sweeper (never started here) stops (onModuleDestroy); the runtime stops a
      // started relay after its last pass.
      await app.close();
      await runtime.stop();
    },
  };
}

// The economy's tests (and genies') take it from here with the rest of the harness.
export { seekToEnd };

/** The error of a call that must fail (code and details), or a failed expectation. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: number; details: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, details } = error as ServiceError;
    return { code, details };
  }
  throw new Error('expected the call to fail');
}

export const AC = 1_000_000;
