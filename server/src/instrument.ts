// Loaded first by main.ts so OpenTelemetry can patch http and grpc before they are required. The
// process is named after what it runs: "aura" for all of it, else the one part.
import { startTelemetry } from '@aura/platform/telemetry';

const target = process.env.AURA_TARGET?.trim();
startTelemetry({ serviceName: !target || target === 'all' ? 'aura' : target });
