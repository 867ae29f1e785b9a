// One jest config, four projects (tiers). `npm test` runs them in order against real infrastructure:
//   unit     *.spec.ts beside the code, no I/O
//   service  *.int-spec.ts: one service or the chassis against real MongoDB/Kafka/Redis/S3 (deploy/local)
//   e2e      test/e2e/*.e2e-spec.ts: the running stack through the gateway (HTTP + socket.io)
//   browser  test/browser/*.browser-spec.ts: Playwright driving Debian's Chromium against the running stack
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@aura/proto$': '<rootDir>/proto/src/index.ts',
    '^@aura/platform$': '<rootDir>/packages/platform/src/index.ts',
    '^@aura/platform/testing$': '<rootDir>/packages/platform/src/testing/index.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Jest 30's 'soft' globals cleanup recurses forever when a late callback of one suite writes a
  // cleaned-up global (jestjs/jest#16044) and then fails every later suite of the run in band.
  testEnvironmentOptions: { globalsCleanup: 'off' },
  rootDir: __dirname,
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.spec.tsx'] },
    {
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/test/slow-tests.setup.js'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/test/slow-tests.setup.js'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/**/*.browser-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/test/slow-tests.setup.js'],
    },
  ],
};
