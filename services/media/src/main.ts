import './instrument';
import 'reflect-metadata';
import { NestPinoLogger, ServiceRuntime } from '@aura/platform';
import { media } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { loadMediaConfig } from './config';
import { MediaGrpcController } from './grpc/media.grpc-controller';
import { MediaModule } from './media.module';
import { MediaStorage } from './storage/media-storage';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import { DataExportWorker } from './data-export/data-export.worker';

async function main(): Promise<void> {
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
  await app.get(AccountErasureConsumer).start();
  app.get(DataExportWorker).start();
  runtime.installSignalHandlers(() => app.close());
  await runtime.start({ grpcUrl: config.MEDIA_GRPC_URL, httpPort: config.MEDIA_HTTP_PORT });
}

main().catch((error) => {
  // Startup failures (bad config, unreachable database) end the process with a readable line.
  console.error(JSON.stringify({ level: 'fatal', service: 'media', msg: String(error?.message ?? error) }));
  process.exit(1);
});
