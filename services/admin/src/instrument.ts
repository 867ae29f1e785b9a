// Loaded first by main.ts so OpenTelemetry can patch http and grpc before they are required.
import { startTelemetry } from '@aura/platform/telemetry';

startTelemetry({ serviceName: 'admin' });
