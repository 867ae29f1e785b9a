import http from 'node:http';
import { MetricsFilter, serveMetrics } from '../telemetry/metrics';

export type ReadinessCheck = () => Promise<void> | void;

/**
 * Liveness and readiness over HTTP for orchestrators and the local runner:
 *   GET /health/live   200 while the process runs
 *   GET /health/ready  200 when every check passes, else 503 with the failing checks
 *   GET /metrics       the part's metrics in the Prometheus text format (telemetry/metrics.ts:
 *                      `metrics` names whose points, where parts share a process); like the
 *                      health port itself, meant for the cluster network only
 */
export class HealthServer {
  private readonly checks = new Map<string, ReadinessCheck>();
  private server?: http.Server;
  private shuttingDown = false;

  constructor(private readonly metrics: MetricsFilter = {}) {}

  addCheck(name: string, check: ReadinessCheck): this {
    this.checks.set(name, check);
    return this;
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async evaluate(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results: Record<string, string> = {};
    await Promise.all(
      [...this.checks.entries()].map(async ([name, check]) => {
        try {
          await Promise.race([
            Promise.resolve(check()),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 2000).unref()),
          ]);
          results[name] = 'ok';
        } catch (error) {
          results[name] = error instanceof Error ? error.message : String(error);
        }
      }),
    );
    const ready = !this.shuttingDown && Object.values(results).every((value) => value === 'ok');
    return { ready, checks: results };
  }

  async listen(port: number, host = '127.0.0.1'): Promise<void> {
    this.server = http.createServer((request, response) => {
      const send = (code: number, body: unknown) => {
        response.writeHead(code, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/health/live') return send(200, { status: 'ok' });
      if (request.method === 'GET' && request.url?.split('?')[0] === '/metrics')
        return serveMetrics(request, response, this.metrics);
      if (request.url === '/health/ready') {
        void this.evaluate().then((result) => send(result.ready ? 200 : 503, result));
        return;
      }
      send(404, { detail: 'Not Found' });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, resolve);
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
