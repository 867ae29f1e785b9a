// Real processes for the economy's crash tests: the built economy service (services/economy/dist) as a
// child process, identity's GetUser as a small gRPC stub, and a private MongoDB server (the local
// SecantusDB binary on its own port and data directory) that a test may kill with SIGKILL.
import { callerMetadata, createGrpcClient, InternalCalls } from '@aura/platform';
import { testIdentity, waitFor } from '@aura/platform/testing';
import { economy as contract, identity } from '@aura/proto';
import { Server, ServiceError, status } from '@grpc/grpc-js';
import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..', '..');
const economyEntry = join(repoRoot, 'services/economy/dist/main.js');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a test writes the logs of the processes it starts. */
export function logDir(): string {
  const dir = process.env.AURA_RUN_DIR ? join(process.env.AURA_RUN_DIR, 'logs') : tmpdir();
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface StubMember {
  id: string;
  username: string;
}

/** identity's GetUser for the given members (NOT_FOUND for anyone else). */
export function startIdentityStub(members: StubMember[]): Promise<{ server: Server; address: string }> {
  const server = new Server();
  const known = new Map(members.map((m) => [m.id, m]));
  const handlers: Record<string, unknown> = {};
  for (const name of Object.keys(identity.IdentityServiceService))
    handlers[name] = (_call: unknown, callback: (error: Partial<ServiceError>) => void) =>
      callback({ code: status.UNIMPLEMENTED, details: 'not in the stub' });
  handlers.getUser = (
    call: { request: identity.GetUserRequest },
    callback: (error: Partial<ServiceError> | null, user?: identity.User) => void,
  ) => {
    const member = known.get(call.request.userId);
    if (!member) return callback({ code: status.NOT_FOUND, details: 'User not found' });
    callback(null, {
      ...identity.User.fromPartial({
        id: member.id,
        username: member.username,
        displayName: member.username,
      }),
      role: 'user',
    });
  };
  server.addService(identity.IdentityServiceService, handlers as never);
  return new Promise((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', testIdentity('identity').serverCredentials(), (error, port) =>
      error ? reject(error) : resolve({ server, address: `127.0.0.1:${port}` }),
    ),
  );
}

/** A child process that can be started again after it was killed; its output goes to a log file. */
class RestartableProcess {
  child?: ChildProcess;
  starts = 0;

  constructor(
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
    private readonly ready: () => Promise<boolean>,
  ) {}

  async start(): Promise<void> {
    this.starts += 1;
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(this.command, this.args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    await waitFor(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`${this.command} exited with ${child.exitCode}; see ${this.logFile}`);
        return this.ready();
      },
      { timeoutMs: 60_000, intervalMs: 200, what: `${this.command} to be ready` },
    );
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** The built economy service; `env` overrides the test process's environment. */
export class EconomyProcess extends RestartableProcess {
  readonly client: contract.EconomyServiceClient;
  private readonly gateway: InternalCalls = testIdentity('gateway');

  private constructor(env: NodeJS.ProcessEnv, grpcPort: number, httpPort: number, logFile: string) {
    const healthUrl = `http://127.0.0.1:${httpPort}/health/ready`;
    super(process.execPath, [economyEntry], env, logFile, () =>
      fetch(healthUrl, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.ok,
        () => false,
      ),
    );
    this.client = createGrpcClient(
      contract.EconomyServiceClient,
      `127.0.0.1:${grpcPort}`,
      'economy',
      testIdentity('gateway'),
    );
  }

  static async create(name: string, env: NodeJS.ProcessEnv): Promise<EconomyProcess> {
    if (!existsSync(economyEntry)) throw new Error(`${economyEntry} is missing: run npm run build first`);
    const [grpcPort, httpPort] = [await freePort(), await freePort()];
    return new EconomyProcess(
      {
        ...process.env,
        AURA_ENV: 'test',
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_SERVICE_NAME: `economy-${name}`,
        ...env,
        ECONOMY_GRPC_URL: `127.0.0.1:${grpcPort}`,
        ECONOMY_HTTP_PORT: String(httpPort),
      },
      grpcPort,
      httpPort,
      join(logDir(), `economy-${name}-${Date.now()}.log`),
    );
  }

  /** One gRPC call as the gateway makes it (caller and Idempotency-Key in the metadata). */
  call<T>(
    method: keyof contract.EconomyServiceClient,
    request: unknown,
    caller?: { userId: string; role: 'user' | 'admin' | 'super_admin' },
    key?: string,
    deadlineMs = 15_000,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const fn = this.client[method] as unknown as (
        r: unknown,
        m: unknown,
        o: unknown,
        cb: (e: ServiceError | null, v: T) => void,
      ) => void;
      fn.call(
        this.client,
        request,
        callerMetadata(caller, key, this.gateway),
        { deadline: Date.now() + deadlineMs },
        (error, value) => (error ? reject(error) : resolve(value)),
      );
    });
  }

  override async stop(): Promise<void> {
    this.client.close();
    await super.stop();
  }
}

/**
 * The local MongoDB server's binary (deploy/local builds it into the cache): SecantusDB's Rust server,
 * or its Python server where the Rust build failed. AURA_MONGODB_BINARY names another one.
 */
export function localMongoBinary(): string {
  if (process.env.AURA_MONGODB_BINARY) return process.env.AURA_MONGODB_BINARY;
  const root = join(process.env.AURA_CACHE_DIR || join(homedir(), '.cache', 'aura'), 'secantus');
  const builds = existsSync(root) ? readdirSync(root).sort() : [];
  for (const prefix of ['rs-', 'py-'])
    for (const build of builds.filter((b) => b.startsWith(prefix))) {
      const binary = join(root, build, 'bin', prefix === 'rs-' ? 'secantusd-rs' : 'secantusd-py');
      if (existsSync(binary)) return binary;
    }
  throw new Error(`no MongoDB server binary under ${root}: run deploy/local/up.sh first`);
}

/** A MongoDB server of the test's own (port, data directory), durable at every commit like the local one. */
export class PrivateMongoServer extends RestartableProcess {
  private constructor(
    readonly port: number,
    dataDir: string,
  ) {
    super(
      localMongoBinary(),
      ['--host', '127.0.0.1', '--port', String(port), '--storage-path', dataDir, '--sync-on-commit'].concat([
        '--cache-size',
        '256M',
        '--log-level',
        'WARNING',
      ]),
      process.env,
      join(logDir(), `mongodb-${port}-${Date.now()}.log`),
      () =>
        new Promise((resolve) => {
          const socket = net.connect({ host: '127.0.0.1', port }, () => {
            socket.end();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        }),
    );
  }

  get uri(): string {
    return `mongodb://127.0.0.1:${this.port}`;
  }

  static async create(): Promise<PrivateMongoServer> {
    const dataDir = join(tmpdir(), `aura-mongodb-${Date.now().toString(36)}`);
    mkdirSync(dataDir, { recursive: true });
    return new PrivateMongoServer(await freePort(), dataDir);
  }
}
