import { type BaseConfig, PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { DashboardConsumer } from './dashboard/dashboard.consumer';
import { DashboardStatsService } from './dashboard/dashboard-stats';
import { DashboardReadModel } from './dashboard/read-model.repository';
import { AdminGrpcController } from './grpc/admin.grpc-controller';
import { MemberNames, type NameSource } from './members/member-names';
import { ModerationRepository } from './moderation/moderation.repository';
import { ModerationService } from './moderation/moderation.service';
import { TicketsRepository } from './support/tickets.repository';
import { TicketsService } from './support/tickets.service';
import { IDENTITY_URL, NAME_SOURCE } from './tokens';

export interface AdminModuleOptions {
  /** identity's address for names the projection lacks (null: the projection only). */
  identityUrl: string | null;
  /** Tests name people themselves. */
  names?: NameSource;
}

/**
 * The admin service: its parts as class providers beside the platform's. Starting it (app.init())
 * creates the indexes; main.ts then starts the dashboard consumer.
 */
@Module({})
export class AdminModule {
  static register(runtime: ServiceRuntime, config: BaseConfig, options: AdminModuleOptions): DynamicModule {
    return {
      module: AdminModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: IDENTITY_URL, useValue: options.identityUrl },
        options.names
          ? { provide: NAME_SOURCE, useValue: options.names }
          : { provide: NAME_SOURCE, useClass: MemberNames },
        DashboardReadModel,
        DashboardConsumer,
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
