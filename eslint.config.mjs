// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import explicitInject from './tools/eslint-rules/explicit-inject.js';
import routeAccessStated from './tools/eslint-rules/route-access-stated.js';

/** The repository's own rules (tools/eslint-rules), each with its spec. */
const aura = {
  rules: { 'route-access-stated': routeAccessStated, 'explicit-inject': explicitInject },
};

const SERVICES = ['identity', 'social', 'messaging', 'economy', 'genies', 'media', 'admin'];

/*
 * The floors of ARCHITECTURE.md §1, checked on the resolved file of every import: a service reaches
 * only @aura/platform, @aura/proto and its own files; the platform no service; the gateway no
 * service's source; the web app (web/src; its browser tests run in Node) no server code at all.
 */
const boundaries = [
  ...SERVICES.map((service) => ({
    target: `./services/${service}`,
    from: './services',
    except: [`./${service}`],
    message:
      'A service imports only @aura/platform, @aura/proto and its own files; other services are reached by gRPC or events.',
  })),
  {
    target: './packages',
    from: ['./services', './gateway', './web'],
    message: 'The platform library knows no service, gateway or web app.',
  },
  {
    target: './services',
    from: ['./gateway', './web'],
    message: 'Services do not import the gateway or the web app.',
  },
  {
    target: './gateway',
    from: './services',
    message: 'The gateway reaches services over gRPC (clients/), never their source.',
  },
  {
    target: './gateway',
    from: './web',
    message: 'The gateway serves the built web app; it does not import it.',
  },
  {
    target: './web/src',
    from: ['./packages', './services', './gateway', './proto'],
    message: 'The web app imports no server code: it reaches the rest over HTTP (src/api).',
  },
];
/*
 * Issue 20: a web feature reaches another only through that feature's index.ts, its public surface
 * (a dialog is not part of it: app/DialogHost loads dialogs lazily by their own path). What several
 * features share and none owns lives in web/src/ui (components, hooks, CSS) or web/src/api (HTTP helpers).
 */
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = WEB_FEATURES.map((feature) => ({
  target: WEB_FEATURES.filter((other) => other !== feature).map((other) => `./web/src/features/${other}`),
  from: `./web/src/features/${feature}`,
  except: ['./index.ts'],
  message: `Another feature reaches ${feature} only through features/${feature} (its index.ts); shared code belongs in ui/ or api/.`,
}));
const NO_SERVER_PACKAGES = { group: ['@aura/*'], message: 'The web app imports no server package.' };
/** ADR 0012: a service's data access is in its repositories (and schemas); the rest never sees mongoose. */
const MONGOOSE_IN_REPOSITORIES = {
  name: 'mongoose',
  message:
    'Only *.repository.ts and *.schema.ts (and the platform) use mongoose; services, consumers and controllers go through a repository (docs/adr/0012-service-skeleton.md).',
};
const OWN_PACKAGES_ONLY = {
  group: ['@aura/*', '!@aura/platform', '!@aura/platform/*', '!@aura/proto', '!@aura/proto/*'],
  message: 'Only @aura/platform and @aura/proto are shared; a service is reached by gRPC or events.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'proto/src/gen/**',
      'web/src/api/schema.d.ts',
      'coverage/**',
      'charts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A rare `any` (a test double, mongoose's invariant Model<T>) carries a disable comment with its reason.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  { files: ['web/src/**'], languageOptions: { globals: { ...globals.browser } } },
  // The web app: the Rules of Hooks and the React Compiler's checks (react-hooks recommended) and
  // jsx-a11y recommended. A rare exception carries a disable comment with its reason.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value at run time, not a style question.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['web/src/**/*.{ts,tsx}'], ...jsxA11y.flatConfigs.recommended },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...featureBoundaries] }],
      // Value imports only: import-x skips `import type`, which the bundle and Node never load.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // import-x parses only .js-like modules unless told, so no-cycle never followed an import between
    // .ts/.tsx files: it now does, in the web app (its feature barrels must not close a circle) and in
    // the server code.
    files: ['**/*.{ts,tsx}'],
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
  },
  {
    // A unit spec runs its pure module under node (no DOM, no CSS): it takes another feature's pure
    // helper or fixtures from their own file, since an index would load that feature's components.
    files: ['web/src/**/*.spec.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    files: ['packages/**', 'services/**', 'gateway/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OWN_PACKAGES_ONLY] }] },
  },
  {
    files: ['services/*/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.schema.ts',
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/test-support/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [MONGOOSE_IN_REPOSITORIES], patterns: [OWN_PACKAGES_ONLY] },
      ],
    },
  },
  {
    // The one-process server (ADR 0014) takes each part by its start function only.
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@aura/(?!platform|proto)[a-z]+/(?!dist/service$|dist/gateway$)',
              message: 'server/ starts each part through its start function (dist/service, dist/gateway).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_PACKAGES] }] },
  },
  {
    // DialogHost loads every feature's dialog, so a feature importing it (even a type) closes a circle.
    files: ['web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER_PACKAGES,
            {
              group: ['**/app/DialogHost'],
              message: 'Dialog types are in app/dialogs; DialogHost imports the features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['gateway/src/**/*.ts'],
    plugins: { aura },
    rules: { 'aura/route-access-stated': 'error' },
  },
  {
    // ADR 0012: a provider's constructor names its tokens with @Inject(...), never the emitted type metadata.
    files: ['services/*/src/**/*.ts', 'packages/platform/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    plugins: { aura },
    rules: { 'aura/explicit-inject': 'error' },
  },
  {
    // System tests that run several services in one process (the trace of a post across them, genie
    // purchases paid in the real ledger) or act as a member's authenticator app (TOTP codes).
    files: [
      'gateway/test/service/**',
      'gateway/test/e2e/two-factor.e2e-spec.ts',
      'services/genies/src/genies.int-spec.ts',
    ],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  prettier,
);
