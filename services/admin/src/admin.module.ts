import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import type { Admin } from './admin';
import type { AdminConfig } from './config';
import { AdminGrpcController } from './grpc/admin.grpc-controller';
import { TicketsService } from './support/tickets.service';

/** The service's parts (wired by composeAdmin) as NestJS providers, beside the platform's. */
@Module({})
export class AdminModule {
  static register(runtime: ServiceRuntime, config: AdminConfig, admin: Admin): DynamicModule {
    return {
      module: AdminModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: TicketsService, useValue: admin.tickets },
        { provide: AdminGrpcController, useValue: admin.controller },
      ],
      exports: [TicketsService, AdminGrpcController],
    };
  }
}
