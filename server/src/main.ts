// The Aura server: AURA_TARGET=all runs the gateway and every service in this one process, calling
// each other in process (no network between them; still on Kafka, Redis, MongoDB and S3);
// AURA_TARGET=<part> runs one part, as each part's own main.ts does (ADR 0014).
import './instrument';
import 'reflect-metadata';
import { enableInProcessCalls, runAsPart, RunningService, stopAll, stopOnSignal } from '@aura/platform';
import { partsOf, startFunctionOf } from './targets';

async function main(): Promise<void> {
  const parts = partsOf(process.env.AURA_TARGET);
  if (parts.length > 1) enableInProcessCalls();
  const running: RunningService[] = [];
  try {
    // One after the other: each service configures the process's internal-call identity while it
    // builds its clients (createGrpcClient), and a service's dependencies are up before it is.
    // Each inside its part's context: its timers, sockets and consumers carry its name (metrics).
    for (const part of parts) {
      const start = await startFunctionOf(part);
      running.push(await runAsPart(part, start));
    }
  } catch (error) {
    await stopAll(running);
    throw error;
  }
  stopOnSignal(running);
}

main().catch((error: unknown) => {
  const msg = String((error as Error | undefined)?.message ?? error);
  console.error(JSON.stringify({ level: 'fatal', service: 'aura', msg }));
  process.exit(1);
});
