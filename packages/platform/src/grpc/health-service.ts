import { common } from '@aura/proto';
import type { HealthServer } from '../health/health-server';

/** The gRPC face of a service's readiness checks (aura.common.v1.HealthService). */
export function healthServiceImplementation(health: HealthServer): common.HealthServiceServer {
  return {
    check: (_call, callback) => {
      health.evaluate().then(
        (result) => callback(null, { ready: result.ready, checks: result.checks }),
        (error: Error) => callback(error, null),
      );
    },
  };
}
