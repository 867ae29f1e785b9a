// Readiness probes for up.sh and status.sh; retries until the timeout, exits 0 when the server answers.
//   node deploy/local/probe.mjs mongo mongodb://127.0.0.1:27017 [timeoutMs]   (a `ping` command)
//   node deploy/local/probe.mjs kafka 127.0.0.1:9092 [timeoutMs]              (cluster metadata)
const [kind, target, timeoutArg = '1500'] = process.argv.slice(2);
const deadline = Date.now() + Number(timeoutArg);
const remaining = () => Math.max(500, deadline - Date.now());

async function mongo() {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(target, { directConnection: true, serverSelectionTimeoutMS: remaining() });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close().catch(() => {});
  }
}

async function kafka() {
  const { Admin } = await import('@platformatic/kafka');
  const admin = new Admin({
    clientId: 'aura-deploy-local-probe',
    bootstrapBrokers: target.split(','),
    connectTimeout: 1000,
    requestTimeout: remaining(),
    retries: 0,
  });
  try {
    const { brokers } = await admin.metadata({ topics: [] });
    if (brokers.size === 0) throw new Error('no broker in the cluster metadata');
  } finally {
    await admin.close().catch(() => {});
  }
}

const probes = { mongo, kafka };
if (!probes[kind] || !target) {
  console.error('usage: node probe.mjs mongo|kafka <uri|brokers> [timeoutMs]');
  process.exit(2);
}
for (;;) {
  try {
    await probes[kind]();
    process.exit(0);
  } catch (error) {
    if (Date.now() + 300 >= deadline) {
      console.error(`${kind} ${target}: ${error.message}`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
