// AURA_INFRA=testcontainers: on a machine with a Docker engine, the test suites run against MongoDB,
// Kafka, Redis, MinIO and Mailpit (the SMTP catcher) containers instead of deploy/local. Same topics,
// bucket and variables.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { GenericContainer, Wait } from 'testcontainers';
import { repoRoot } from '../lib/env.mjs';

const KAFKA_HOST_PORT = 29092; // advertised to clients, so it is fixed rather than random

export async function startContainers(env) {
  const started = [];
  const start = async (container) => {
    const running = await container.start();
    started.push(running);
    return running;
  };

  const [mongo, redis, minio, , mailpit] = await Promise.all([
    start(new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forListeningPorts())),
    start(new GenericContainer('redis:7.4').withExposedPorts(6379)),
    start(
      new GenericContainer('quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z')
        .withCommand(['server', '/data'])
        .withEnvironment({ MINIO_ROOT_USER: env.S3_ACCESS_KEY, MINIO_ROOT_PASSWORD: env.S3_SECRET_KEY })
        .withExposedPorts(9000)
        .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000)),
    ),
    start(
      new GenericContainer('apache/kafka:3.9.2')
        .withExposedPorts({ container: 9092, host: KAFKA_HOST_PORT })
        .withEnvironment({
          KAFKA_NODE_ID: '1',
          KAFKA_PROCESS_ROLES: 'broker,controller',
          KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
          KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${KAFKA_HOST_PORT}`,
          KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
          KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
          KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
          KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
          KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
          KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
        })
        .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/)),
    ),
    // The flags of deploy/local/up.sh's catcher (its messages stay in the container).
    start(
      new GenericContainer('axllent/mailpit:v1.33')
        .withCommand([
          '--max',
          '5000',
          '--smtp-auth-accept-any',
          '--smtp-auth-allow-insecure',
          '--smtp-disable-rdns',
          '--disable-version-check',
        ])
        .withExposedPorts(1025, 8025)
        .withWaitStrategy(Wait.forHttp('/readyz', 8025)),
    ),
  ]);

  const overrides = {
    MONGODB_URI: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
    REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    S3_ENDPOINT: `http://${minio.getHost()}:${minio.getMappedPort(9000)}`,
    KAFKA_BROKERS: `127.0.0.1:${KAFKA_HOST_PORT}`,
    SMTP_URL: `smtp://${mailpit.getHost()}:${mailpit.getMappedPort(1025)}`,
    MAILPIT_URL: `http://${mailpit.getHost()}:${mailpit.getMappedPort(8025)}`,
  };
  for (const script of ['create-topics.mjs', 'create-bucket.mjs']) {
    const run = spawnSync(process.execPath, [join(repoRoot, 'deploy/local', script)], {
      env: { ...env, ...overrides },
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`${script} failed against the containers`);
  }
  return {
    env: overrides,
    stop: () => Promise.allSettled(started.map((container) => container.stop())),
  };
}
