import type { ServiceRuntime } from '@aura/platform';
import type { Connection } from 'mongoose';
import { DashboardConsumer } from './dashboard/dashboard.consumer';
import { DashboardStatsService } from './dashboard/dashboard-stats';
import { DashboardReadModel } from './dashboard/read-model';
import { AdminGrpcController } from './grpc/admin.grpc-controller';
import { memberNames, NameSource } from './members/member-names';
import { ModerationService } from './moderation/moderation.service';
import { TicketsService } from './support/tickets.service';

export interface AdminDependencies {
  mongo: Connection;
  runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored' | 'subscribe'>;
  /** identity's address for names the projection lacks (null: projection only, in tests). */
  identityUrl: string | null;
  names?: NameSource;
}

/** Every part of the admin service, wired. main.ts and the service tests build it the same way. */
export function composeAdmin(deps: AdminDependencies) {
  const model = new DashboardReadModel(deps.mongo);
  const names = deps.names ?? memberNames(model, deps.identityUrl);
  const late: { stats?: DashboardStatsService } = {};
  const tickets = new TicketsService(deps.mongo, deps.runtime, names, () => late.stats?.invalidate());
  const moderation = new ModerationService(deps.mongo, deps.runtime, names);
  const stats = (late.stats = new DashboardStatsService(model, () => tickets.countOpen()));
  return {
    model,
    names,
    tickets,
    stats,
    moderation,
    controller: new AdminGrpcController(tickets, stats, moderation),
    dashboardConsumer: new DashboardConsumer(deps.runtime, model),
    async init(): Promise<void> {
      await Promise.all([model.ensureIndexes(), tickets.ensureIndexes(), moderation.ensureIndexes()]);
    },
  };
}

export type Admin = ReturnType<typeof composeAdmin>;
