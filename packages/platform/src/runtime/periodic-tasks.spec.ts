import { PeriodicTasks } from './periodic-tasks';

const quietLogger = () => {
  const warnings: string[] = [];
  return { warnings, logger: { warn: (_context: object, message: string) => warnings.push(message) } };
};

describe('PeriodicTasks', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a task on every tick, but never twice at once: a tick during a run is skipped', async () => {
    let runs = 0;
    let release!: () => void;
    const { logger } = quietLogger();
    const tasks = new PeriodicTasks(
      [
        {
          name: 'slow',
          everyMs: 1000,
          run: () => ((runs += 1), new Promise<void>((done) => (release = done))),
        },
      ],
      logger as never,
    );
    tasks.start();
    await jest.advanceTimersByTimeAsync(3500);
    expect(runs).toBe(1);
    release();
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    await tasks.stop();
  });

  it('logs a failed run and tries again on the next tick', async () => {
    let runs = 0;
    const { logger, warnings } = quietLogger();
    const tasks = new PeriodicTasks(
      [
        {
          name: 'flaky sweep',
          everyMs: 1000,
          run: async () => {
            runs += 1;
            if (runs === 1) throw new Error('database away');
          },
        },
      ],
      logger as never,
    );
    tasks.start();
    await jest.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(warnings).toEqual(['flaky sweep failed; will retry']);
    await tasks.stop();
  });

  it('stop waits for the run in progress and no tick runs after it', async () => {
    let runs = 0;
    let finished = false;
    let release!: () => void;
    const { logger } = quietLogger();
    const tasks = new PeriodicTasks(
      [
        {
          name: 'sweep',
          everyMs: 1000,
          run: async () => {
            runs += 1;
            await new Promise<void>((done) => (release = done));
            finished = true;
          },
        },
      ],
      logger as never,
    );
    tasks.start();
    await jest.advanceTimersByTimeAsync(1000);
    const stopped = tasks.stop();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopDone).toBe(false);
    release();
    await stopped;
    expect(finished).toBe(true);
    await jest.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
  });
});
