// The media service: built and started by startMedia (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import { NestPinoLogger, RunningService, ServiceRuntime } from '@aura/platform';
import { media } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { loadMediaConfig } from './config';
import { MediaGrpcController } from './grpc/media.grpc-controller';
import { MediaModule } from './media.module';
import { MediaStorage } from './storage/media-storage';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import { DataExportWorker } from './data-export/data-export.worker';

/** Builds and starts the media service in this process (its main.ts, or the one-process server). */
export async function startMedia(): Promise<RunningService> {
  const config = loadMediaConfig();
  const runtime = await ServiceRuntime.create({ service: 'media', config });
  const app = await NestFactory.createApplicationContext(MediaModule.register(runtime, config), {
    logger: new NestPinoLogger(runtime.logger),
  });
  await app.init();

  const storage = app.get(MediaStorage);
  runtime.health.addCheck('s3', async () => {
    if (!(await storage.client.bucketExists(storage.bucket)))
      throw new Error(`bucket ${storage.bucket} missing`);
  });

  runtime.grpc.add(media.MediaServiceService, app.get(MediaGrpcController).implementation(runtime.logger));
  const running = runtime.running(() => app.close());
  await runtime.start({ grpcUrl: config.MEDIA_GRPC_URL, httpPort: config.MEDIA_HTTP_PORT });
  // Calls are served first; the consumer joins its group in the background (the platform's bus).
  await app.get(AccountErasureConsumer).start();
  app.get(DataExportWorker).start();
  return running;
}
