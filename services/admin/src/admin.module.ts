import { type BaseConfig, type MemberSource, PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { DashboardConsumer } from './dashboard/dashboard.consumer';
import { DashboardStatsService } from './dashboard/dashboard-stats';
import { DashboardReadModel } from './dashboard/read-model.repository';
import { AdminGrpcController } from './grpc/admin.grpc-controller';
import { MemberNames, type NameSource } from './members/member-names';
import { MembersConsumer } from './members/members.consumer';
import { MembersRepository } from './members/members.repository';
import { ModerationRepository } from './moderation/moderation.repository';
import { ModerationService } from './moderation/moderation.service';
import { TicketsRepository } from './support/tickets.repository';
import { TicketsService } from './support/tickets.service';
import { MEMBER_SOURCE, NAME_SOURCE } from './tokens';

export interface AdminModuleOptions {
  /** identity, asked for a member the directory does not hold yet (null: the directory only). */
  identity: MemberSource | null;
  /** Tests name people themselves. */
  names?: NameSource;
}

/**
 * The admin service: its parts as class providers beside the platform's. Starting it (app.init())
 * creates the indexes; main.ts then starts the dashboard's and the member directory's consumers.
 */
@Module({})
export class AdminModule {
  static register(runtime: ServiceRuntime, config: BaseConfig, options: AdminModuleOptions): DynamicModule {
    return {
      module: AdminModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: MEMBER_SOURCE, useValue: options.identity },
        options.names
          ? { provide: NAME_SOURCE, useValue: options.names }
          : { provide: NAME_SOURCE, useClass: MemberNames },
        DashboardReadModel,
        DashboardConsumer,
        MembersRepository,
        MembersConsumer,
        TicketsRepository,
        TicketsService,
        DashboardStatsService,
        ModerationRepository,
        ModerationService,
        AdminGrpcController,
      ],
    };
  }
}
