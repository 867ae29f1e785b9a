// The scale-out topology (issue 19, item 3): two gateways and two instances of social, messaging and
// economy, one of identity, media, genies and admin, each its own process. Every address the stack
// dials (the gateway's public port, each service's gRPC address) is a round-robin proxy in front of
// the instances, as a Kubernetes Service is in front of a Deployment's pods; the instances of one
// service share its Kafka consumer groups, so they share the partitions.
import { stackProcesses } from '../../lib/stack.mjs';
import { RoundRobinProxy } from './round-robin-proxy.mjs';

/** The parts that run twice. */
export const REPLICATED = ['gateway', 'social', 'messaging', 'economy'];

const portOf = (address) => Number(String(address).split(':').pop());

/** Instance ports: 24400 + 40 × slot, apart from the chaos infrastructure's 24000 + 20 × slot. */
function instancePorts(slot, partIndex, instance) {
  const base = 24400 + slot * 40 + partIndex * 8 + (instance - 1) * 2;
  return { main: base, health: base + 1 };
}

/**
 * The processes (each with its own env on top of the stack's) and the proxies in front of the
 * replicated parts. A gateway's `socketUrl` is its own address, for sockets pinned to one gateway.
 */
export function scaleOutTopology(env, slot) {
  const processes = [];
  const proxies = [];
  for (const proc of stackProcesses({ ...env, AURA_TARGET: 'each' })) {
    const partIndex = REPLICATED.indexOf(proc.name);
    if (partIndex === -1) {
      processes.push({ ...proc, part: proc.name, env: {} });
      continue;
    }
    const instances = [1, 2].map((instance) => {
      const ports = instancePorts(slot, partIndex, instance);
      const own =
        proc.name === 'gateway'
          ? { GATEWAY_PORT: String(ports.main), GATEWAY_HTTP_PORT: String(ports.health) }
          : {
              [`${proc.name.toUpperCase()}_GRPC_URL`]: `127.0.0.1:${ports.main}`,
              [`${proc.name.toUpperCase()}_HTTP_PORT`]: String(ports.health),
            };
      const ready =
        proc.name === 'gateway'
          ? `http://127.0.0.1:${ports.main}/api/health`
          : `http://127.0.0.1:${ports.health}/health/ready`;
      return {
        ...proc,
        name: `${proc.name}-${instance}`,
        part: proc.name,
        env: own,
        ready,
        socketUrl: `http://127.0.0.1:${ports.main}`,
        port: ports.main,
      };
    });
    processes.push(...instances);
    const address = proc.name === 'gateway' ? env.GATEWAY_PORT : env[`${proc.name.toUpperCase()}_GRPC_URL`];
    proxies.push(
      new RoundRobinProxy(
        proc.name,
        portOf(address),
        instances.map((i) => ({ port: i.port, ready: i.ready })),
      ),
    );
  }
  return { processes, proxies };
}

/**
 * The scale-out fault plan: each replicated part loses one instance while the load runs (killed,
 * started again 10 s later), one at a time; then the other instance of every part at once.
 */
export function scaleOutPlan() {
  const kill = (target, extra = {}) => ({ kind: 'service', target, downMs: 10_000, probe: true, ...extra });
  return [
    { calmMs: 8000, faults: [kill('economy-1')] },
    { faults: [kill('social-1')] },
    { faults: [kill('messaging-1')] },
    { faults: [kill('gateway-1')] },
    // Without probes: a probe's request would meet the gateway killed under it.
    {
      faults: [
        kill('economy-2', { probe: false }),
        kill('social-2', { delayMs: 500, probe: false }),
        kill('messaging-2', { delayMs: 1000, probe: false }),
        kill('gateway-2', { delayMs: 1500, probe: false }),
      ],
    },
  ];
}
