// How a service (or the gateway) is started: its `start<Name>()` builds and starts it and returns a
// RunningService; its main.ts runs that alone as a process (runAsProcess), and the one-process server
// (server/, AURA_TARGET=all) runs them all side by side (ADR 0014).
import { runAsPart } from '../telemetry/part-context';
import { stopTelemetry } from '../telemetry/telemetry';

/** A started service: `stop` ends it in order (stop taking calls, finish work, close connections). */
export interface RunningService {
  readonly name: string;
  stop(): Promise<void>;
}

/**
 * Runs `start` as this process's one job: a startup failure (bad config, unreachable database) ends
 * the process with one readable line; SIGTERM or SIGINT stops what started, once, and exits.
 */
export function runAsProcess(name: string, start: () => Promise<RunningService>): void {
  runAsPart(name, start).then(
    (running) => stopOnSignal([running]),
    (error: unknown) => {
      const msg = String((error as Error | undefined)?.message ?? error);
      console.error(JSON.stringify({ level: 'fatal', service: name, msg }));
      process.exit(1);
    },
  );
}

/**
 * Stops `running` in reverse order of start on SIGTERM or SIGINT, then telemetry (its last spans and
 * points go out), then exits (1 if a stop failed).
 */
export function stopOnSignal(running: readonly RunningService[]): void {
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    void stopAll(running)
      .then(async (failed) => {
        await stopTelemetry();
        return failed;
      })
      .then((failed) => process.exit(failed ? 1 : 0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** Stops each in reverse order; a failure is reported and the rest still stop. True if one failed. */
export async function stopAll(running: readonly RunningService[]): Promise<boolean> {
  let failed = false;
  for (const service of [...running].reverse()) {
    try {
      await service.stop();
    } catch (error) {
      failed = true;
      const msg = String((error as Error | undefined)?.message ?? error);
      console.error(
        JSON.stringify({ level: 'error', service: service.name, msg: `shutdown failed: ${msg}` }),
      );
    }
  }
  return failed;
}
