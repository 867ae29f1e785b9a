// A local round-robin TCP proxy, as a Kubernetes Service (kube-proxy) balances connections across a
// Deployment's pods: each new connection goes to the next ready backend in turn (its readiness URL
// polled every 500 ms, as the kubelet's readiness probe takes a pod in and out of the Service's
// endpoints), and to the one after it when that backend refuses (killed since the last poll); a
// connection lasts as long as both of its ends. HTTP
// keep-alive, WebSocket and gRPC (HTTP/2 over TLS, passed through untouched) are all balanced per
// connection, which is what a member's client or a service's channel sees behind such a Service.
import { createConnection, createServer } from 'node:net';

export class RoundRobinProxy {
  /** `backends`: { port (on 127.0.0.1), ready (its readiness URL) }, in turn. */
  constructor(name, listenPort, backends) {
    this.name = name;
    this.listenPort = listenPort;
    this.backends = backends.map(({ port, ready }) => ({
      port,
      ready,
      isReady: false,
      connections: 0,
      refused: 0,
    }));
    this.next = 0;
    this.sockets = new Set();
    this.server = createServer((client) => this.accept(client));
  }

  listen() {
    this.poller = setInterval(() => void this.pollReadiness(), 500);
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
  }

  async pollReadiness() {
    await Promise.all(
      this.backends.map(async (backend) => {
        try {
          const response = await fetch(backend.ready, { signal: AbortSignal.timeout(1000) });
          backend.isReady = response.ok;
        } catch {
          backend.isReady = false;
        }
      }),
    );
  }

  accept(client) {
    this.track(client);
    client.pause();
    client.on('error', () => {});
    // The ready backends in turn; none ready (all starting): every backend, as a last resort.
    const ready = this.backends.filter((b) => b.isReady);
    const candidates = ready.length > 0 ? ready : this.backends;
    const first = this.next % candidates.length;
    this.next += 1;
    const tryBackend = (attempt) => {
      if (client.destroyed) return;
      if (attempt >= candidates.length) {
        client.destroy();
        return;
      }
      const backend = candidates[(first + attempt) % candidates.length];
      const upstream = createConnection({ host: '127.0.0.1', port: backend.port });
      this.track(upstream);
      let connected = false;
      upstream.once('error', () => {
        if (!connected) {
          backend.refused += 1;
          tryBackend(attempt + 1);
        } else client.destroy();
      });
      upstream.once('connect', () => {
        connected = true;
        backend.connections += 1;
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  }

  track(socket) {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  /** Connections each backend took, for the report. */
  counts() {
    return this.backends.map(({ port, connections, refused }) => ({ port, connections, refused }));
  }

  close() {
    clearInterval(this.poller);
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
