// Imported first by the trace tests: the platform's telemetry with an in-memory exporter, and the gRPC
// instrumentation applied to grpc-js before any generated client is built. (Processes get it from
// startTelemetry's require hook; jest's module loader bypasses require hooks, and grpc-js clients copy
// the request functions when their class is made, so patching later would miss them.)
import { startTelemetry } from '../../../packages/platform/src/telemetry/telemetry';
import * as grpc from '@grpc/grpc-js';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

export const exporter = new InMemorySpanExporter();
startTelemetry({ serviceName: 'trace-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });

export const grpcInstrumentation = new GrpcInstrumentation();
if (!(grpc.Client.prototype.makeUnaryRequest as unknown as { __wrapped?: boolean }).__wrapped)
  for (const definition of grpcInstrumentation.getModuleDefinitions()) definition.patch?.(grpc, '1.12.0');
