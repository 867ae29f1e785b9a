// `npm run new:service -- <name> [--feature <feature>] [--out <dir>]`: a new service on the skeleton of
// docs/adr/0012-service-skeleton.md, from tools/service-template (each `*.tmpl` file, its path and its
// text with the placeholders filled). The service it writes builds and its service test runs; what it
// cannot know (the proto contract, ports in the stack, compose and the chart) its README lists.
//   __name__ / __Name__ / __NAME__           the service (kebab-case, PascalCase, CONSTANT_CASE)
//   __feature__ / __Feature__                its first aggregate (one word: it names files and variables)
//   __root__ / __docsRoot__                  the repository root, relative to the new service
//   __grpcPort__ / __httpPort__              placeholder ports (change them to free ones)
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const templateRoot = join(repoRoot, 'tools', 'service-template');

const pascal = (kebab) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const constant = (kebab) => kebab.replace(/-/g, '_').toUpperCase();

/** Writes the service; answers the files written (relative to `out`). */
export function generateService({ name, feature = 'item', out = join(repoRoot, 'services', name) }) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    throw new Error(`the name must be kebab-case letters and digits (got "${name}")`);
  if (!/^[a-z][a-z0-9]*$/.test(feature))
    throw new Error(`the feature must be one lower-case word (got "${feature}")`);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} exists and is not empty`);
  const root = relative(out, repoRoot) || '.';
  const values = {
    __name__: name,
    __Name__: pascal(name),
    __NAME__: constant(name),
    __feature__: feature,
    __Feature__: pascal(feature),
    __root__: root,
    __docsRoot__: root,
    __grpcPort__: '50099',
    __httpPort__: '8199',
  };
  const fill = (text) => text.replace(/__[A-Za-z]+__/g, (token) => values[token] ?? token);
  const written = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.tmpl')) {
        const file = join(out, fill(relative(templateRoot, path)).replace(/\.tmpl$/, ''));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, fill(readFileSync(path, 'utf8')));
        written.push(relative(out, file));
      }
    }
  };
  walk(templateRoot);
  return written.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { feature: { type: 'string' }, out: { type: 'string' } },
  });
  if (positionals.length !== 1) {
    console.error('usage: npm run new:service -- <name> [--feature <feature>] [--out <dir>]');
    process.exit(2);
  }
  const out = values.out ?? join(repoRoot, 'services', positionals[0]);
  const files = generateService({ name: positionals[0], feature: values.feature, out });
  console.log(`wrote ${files.length} files in ${relative(process.cwd(), out) || '.'}:`);
  for (const file of files) console.log(`  ${file}`);
  console.log('next: its README\'s "To finish a new service"');
}
