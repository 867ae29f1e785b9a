export * from './dist/src/telemetry/telemetry';
