import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import type { GeniesConfig } from './config';
import type { Genies } from './genies';
import { Catalogue } from './catalogue/catalogue';
import { GeniesService } from './genies.service';
import { GeniesGrpcController } from './grpc/genies.grpc-controller';

/** The service's parts (wired by composeGenies) as NestJS providers, beside the platform's. */
@Module({})
export class GeniesModule {
  static register(runtime: ServiceRuntime, config: GeniesConfig, genies: Genies): DynamicModule {
    return {
      module: GeniesModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: Catalogue, useValue: genies.catalogue },
        { provide: GeniesService, useValue: genies.service },
        { provide: GeniesGrpcController, useValue: genies.controller },
      ],
      exports: [Catalogue, GeniesService, GeniesGrpcController],
    };
  }
}
