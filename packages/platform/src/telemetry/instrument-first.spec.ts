import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// OpenTelemetry patches grpc-js, mongodb, ioredis and http when they are first required: a module
// imported before a process's `./instrument` loads them unpatched, and that process's spans go missing
// (identity's gRPC server spans did, once, when a new import went above it).
const root = join(__dirname, '../../../..');
const entries = [
  'gateway/src/main.ts',
  ...readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
    .map((entry) => `services/${entry.name}/src/main.ts`),
];

describe('every process loads its instrumentation first', () => {
  it.each(entries)('%s begins with import "./instrument"', (entry) => {
    const firstStatement = readFileSync(join(root, entry), 'utf8')
      .split('\n')
      .find((line) => line.trim() && !line.trim().startsWith('//'));
    expect(firstStatement).toBe("import './instrument';");
  });
});
