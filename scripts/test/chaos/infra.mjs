// The chaos tier's own infrastructure: Redis, S3, MongoDB (SecantusDB), Kafka, stripe-mock and the mail
// catcher started by deploy/local/up.sh on ports and in a cache directory of their own, never the shared
// servers on the default ports (other test runs and engineers use those while this one kills its own).
//
// deploy/local reads every variable from the environment first: the ports come from the URLs and the
// data, run and pid files from AURA_CACHE_DIR. The binaries already installed in the shared cache
// (versitygw, stripe-mock, mailpit, the Kafka jars, the SecantusDB build) are reused through symlinks,
// so nothing is downloaded or built again; up.sh installs them there first when they are missing.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, repoRoot } from '../../lib/env.mjs';

/** Ports of the private servers: 24000 + 20 × slot (below 32768, apart from every other tier's). */
export function chaosInfraEnv(baseEnv, slot) {
  const base = 24000 + slot * 20;
  const sharedCache = cacheDir(baseEnv);
  const privateCache = join(sharedCache, `chaos${slot}`);
  const password = baseEnv.REDIS_PASSWORD || 'aura-local-redis';
  return {
    sharedCache,
    privateCache,
    ports: {
      redis: base,
      s3: base + 1,
      mongodb: base + 2,
      kafka: base + 3, // controller: base + 4
      stripe: base + 5, // https: base + 6
      smtp: base + 7,
      mail: base + 8,
    },
    env: {
      AURA_CACHE_DIR: privateCache,
      REDIS_PASSWORD: password,
      REDIS_URL: `redis://:${password}@127.0.0.1:${base}`,
      S3_ENDPOINT: `http://127.0.0.1:${base + 1}`,
      MONGODB_URI: `mongodb://127.0.0.1:${base + 2}`,
      KAFKA_BROKERS: `127.0.0.1:${base + 3}`,
      STRIPE_API_BASE: `http://127.0.0.1:${base + 5}`,
      SMTP_URL: `smtp://127.0.0.1:${base + 7}`,
      MAILPIT_URL: `http://127.0.0.1:${base + 8}`,
      AURA_MONGODB_CACHE_SIZE: '256M',
    },
  };
}

function run(command, args, env, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => {
        output += chunk;
        if (!quiet) process.stdout.write(chunk);
      });
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')}: exit ${code}\n${output}`)),
    );
  });
}

export class PrivateInfra {
  constructor(baseEnv, slot) {
    const { sharedCache, privateCache, ports, env } = chaosInfraEnv(baseEnv, slot);
    this.sharedCache = sharedCache;
    this.privateCache = privateCache;
    this.ports = ports;
    this.urls = env;
    this.env = { ...baseEnv, ...env };
    this.runDir = join(privateCache, 'run');
  }

  /** A fresh data directory, the shared binaries linked in. */
  prepare() {
    // Our own servers of an earlier run that was killed: stop them before the data goes.
    rmSync(join(this.privateCache, 'data'), { recursive: true, force: true });
    mkdirSync(this.privateCache, { recursive: true });
    for (const name of ['bin', 'kafka', 'secantus']) {
      const link = join(this.privateCache, name);
      const target = join(this.sharedCache, name);
      mkdirSync(target, { recursive: true });
      let exists = false;
      try {
        exists = lstatSync(link).isSymbolicLink();
        if (!exists) rmSync(link, { recursive: true, force: true });
      } catch {
        exists = false;
      }
      if (!exists) symlinkSync(target, link);
    }
  }

  async up({ quiet = true } = {}) {
    return run('bash', [join(repoRoot, 'deploy/local/up.sh')], this.env, { quiet });
  }

  async down() {
    return run('bash', [join(repoRoot, 'deploy/local/down.sh')], this.env, { quiet: true }).catch((error) =>
      console.error(`chaos: stopping the private infrastructure: ${error.message}`),
    );
  }

  /** The pid up.sh recorded for one of our servers (redis, s3, mongodb, kafka, ...). */
  pid(name) {
    const file = join(this.runDir, `${name}.pid`);
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  }

  /** Sends a signal to one of our servers and waits until it is gone. */
  async kill(name, signal = 'SIGKILL', timeoutMs = 60_000) {
    const pid = this.pid(name);
    if (!pid) throw new Error(`chaos: no pid of our ${name}`);
    // Only a process whose command line is our private server's (a recycled pid is left alone).
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const marker = {
      redis: `127.0.0.1:${this.ports.redis}`,
      mongodb: `--port ${this.ports.mongodb}`,
      kafka: join(this.runDir, 'kafka.properties'),
    }[name];
    if (marker && !cmdline.includes(marker))
      throw new Error(`chaos: pid ${pid} is not our ${name}: ${cmdline}`);
    process.kill(pid, signal);
    const deadline = Date.now() + timeoutMs;
    while (alive(pid)) {
      if (Date.now() > deadline) {
        process.kill(pid, 'SIGKILL');
        await sleep(500);
        break;
      }
      await sleep(100);
    }
  }
}

function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
