import { DynamicModule, Global, Module } from '@nestjs/common';
import { ServiceRuntime } from './service-runtime';

export const RUNTIME = Symbol('ServiceRuntime');
export const LOGGER = Symbol('Logger');
export const MONGO = Symbol('MongoConnection');
export const EVENT_BUS = Symbol('EventBus');
export const REDIS = Symbol('Redis');
export const CONFIG = Symbol('Config');

/** Makes the process's ServiceRuntime parts injectable in a service's NestJS modules. */
@Global()
@Module({})
export class PlatformModule {
  static forRuntime(runtime: ServiceRuntime, config: object = runtime.config): DynamicModule {
    const providers = [
      { provide: RUNTIME, useValue: runtime },
      { provide: LOGGER, useValue: runtime.logger },
      { provide: MONGO, useValue: runtime.mongo },
      { provide: EVENT_BUS, useValue: runtime.bus },
      { provide: REDIS, useValue: runtime.redis },
      { provide: CONFIG, useValue: config },
    ];
    return { module: PlatformModule, providers, exports: providers.map((provider) => provider.provide) };
  }
}
