import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..', '..', '..');

/** A stack process this test owns (started from the built dist), with its log in the run dir. */
export class OwnedProcess {
  private child?: ChildProcess;

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly readyUrl: string,
  ) {}

  async start(): Promise<void> {
    const log = createWriteStream(join(process.env.AURA_RUN_DIR ?? '/tmp', `${this.name}.log`), {
      flags: 'a',
    });
    this.child = spawn(process.execPath, [join(repoRoot, this.entry)], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.pipe(log);
    this.child.stderr!.pipe(log);
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`${this.name} exited with ${this.child.exitCode}`);
      const ok = await fetch(this.readyUrl).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${this.name} not ready at ${this.readyUrl}`);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  get running(): boolean {
    return Boolean(this.child && this.child.exitCode === null);
  }
}

/**
 * A port for a process a test starts itself (its own identity, gateway, or an address where nothing
 * listens): 19000 + 100 × AURA_TEST_SLOT + k, k < 100, apart from every port of the test stacks.
 */
export const ownPort = (k: number) => 19000 + 100 * Number(process.env.AURA_TEST_SLOT ?? 0) + k;
