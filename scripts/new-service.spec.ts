// The service template (tools/service-template, ADR 0012) kept true: a service generated from it has
// every part of the skeleton, no placeholder left, and it type-checks and is formatted as the repository
// is. (Its own service test ran against the local infrastructure when the template was written.)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');
// Inside the repository (its node_modules resolve), where no tool of the build or the tests looks.
const out = path.join(
  root,
  'node_modules',
  '.cache',
  'aura',
  'service-template-check',
  'services',
  'demo-notes',
);
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

beforeAll(() => {
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  execFileSync(process.execPath, [
    path.join(root, 'scripts', 'new-service.mjs'),
    'demo-notes',
    '--feature',
    'note',
    '--out',
    out,
  ]);
});

afterAll(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));

const files = () =>
  (fs.readdirSync(out, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(out, file)).isFile())
    .sort();

it('writes the skeleton: module, controller, rules, repository and schema, consumer, sweeper, test', () => {
  expect(files()).toEqual([
    'README.md',
    'package.json',
    'src/config.ts',
    'src/demo-notes.int-spec.ts',
    'src/demo-notes.module.ts',
    'src/grpc/demo-notes.grpc-controller.ts',
    'src/instrument.ts',
    'src/main.ts',
    'src/note/note.consumer.ts',
    'src/note/note.repository.ts',
    'src/note/note.schema.ts',
    'src/note/note.service.ts',
    'src/service.ts',
    'src/sweep/note-sweeper.ts',
    'src/tokens.ts',
    'tsconfig.json',
  ]);
  for (const file of files())
    expect(fs.readFileSync(path.join(out, file), 'utf8')).not.toMatch(/__[A-Za-z]+__/);
  expect(fs.readFileSync(path.join(out, 'src/demo-notes.module.ts'), 'utf8')).toContain(
    'export class DemoNotesModule',
  );
});

it('type-checks, its test included', () => {
  const check = path.join(out, 'tsconfig.check.json');
  fs.writeFileSync(
    check,
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { noEmit: true, composite: false, incremental: false },
      exclude: [],
    }),
  );
  expect(() => execFileSync(bin('tsc'), ['-p', check], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
}, 120_000);

it('is formatted as the repository is', () => {
  const sources = files()
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(out, file));
  expect(() =>
    execFileSync(bin('prettier'), ['--check', '--with-node-modules', ...sources], {
      cwd: root,
      stdio: 'pipe',
    }),
  ).not.toThrow();
}, 60_000);

it('refuses a name that is not kebab-case and a directory in use', () => {
  const run = (args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'scripts', 'new-service.mjs'), ...args], {
      stdio: 'pipe',
    });
  expect(() => run(['Demo_Notes', '--out', path.join(path.dirname(out), 'x')])).toThrow();
  expect(() => run(['demo-notes', '--out', out])).toThrow(/exists and is not empty/);
});
