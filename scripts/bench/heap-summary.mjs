#!/usr/bin/env node
// Where a V8 heap snapshot's bytes are: the self size by node type and, for objects, closures and
// code, by constructor or script name, largest first. A first look at what a process keeps (issue 19:
// memory), without opening DevTools. Usage: node scripts/bench/heap-summary.mjs <file.heapsnapshot> [top]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/heap-summary.mjs <file.heapsnapshot> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const { meta, nodes, strings } = readSnapshot(readFileSync(file));
const { node_fields: fields, node_types: nodeTypes } = meta;
const stride = fields.length;
const typeAt = fields.indexOf('type');
const nameAt = fields.indexOf('name');
const sizeAt = fields.indexOf('self_size');
const typeNames = nodeTypes[typeAt];

const byType = new Map();
const byName = new Map();
let total = 0;
for (let i = 0; i < nodes.length; i += stride) {
  const type = typeNames[nodes[i + typeAt]];
  const size = nodes[i + sizeAt];
  total += size;
  add(byType, type, size);
  // Strings and numbers by name would list every distinct value; their type row says enough.
  if (type === 'object' || type === 'closure' || type === 'code' || type === 'array' || type === 'native')
    add(byName, `${type} ${truncate(strings[nodes[i + nameAt]])}`, size);
}

const mib = (bytes) => (bytes / 1048576).toFixed(1).padStart(8);
console.log(`${file}: ${mib(total).trim()} MiB in ${nodes.length / stride} nodes`);
console.log('\nby node type');
for (const [type, { size, count }] of sorted(byType))
  console.log(`${mib(size)} MiB ${String(count).padStart(9)}  ${type}`);
console.log(`\nlargest ${top} by constructor / name`);
for (const [name, { size, count }] of sorted(byName).slice(0, top))
  console.log(`${mib(size)} MiB ${String(count).padStart(9)}  ${name}`);

/**
 * The parts of a snapshot this summary needs, read from the bytes: a large heap's snapshot is longer
 * than the longest string V8 can hold, so the file is never parsed whole. The sections come in a fixed
 * order (snapshot, nodes, edges, ..., strings), so the first `"nodes":[` and `"strings":[` are theirs.
 */
function readSnapshot(bytes) {
  const nodesAt = bytes.indexOf('"nodes":[');
  const stringsAt = bytes.indexOf('"strings":[', nodesAt);
  const header = bytes.subarray(0, nodesAt).toString('utf8').replace(/,\s*$/, '');
  const { snapshot } = JSON.parse(`${header}}`);
  const nodes = new Float64Array(snapshot.node_count * snapshot.meta.node_fields.length);
  let count = 0;
  let value = -1;
  for (let i = nodesAt + '"nodes":['.length; ; i++) {
    const byte = bytes[i];
    if (byte >= 48 && byte <= 57) value = (value < 0 ? 0 : value * 10) + byte - 48;
    else {
      if (value >= 0) nodes[count++] = value;
      value = -1;
      if (byte === 93) break; // ]
    }
  }
  const tail = bytes.subarray(stringsAt + '"strings":'.length).toString('utf8');
  const strings = JSON.parse(tail.slice(0, tail.lastIndexOf(']') + 1));
  return { meta: snapshot.meta, nodes, strings };
}

function add(map, key, size) {
  const entry = map.get(key) ?? { size: 0, count: 0 };
  entry.size += size;
  entry.count += 1;
  map.set(key, entry);
}

function sorted(map) {
  return [...map].sort((a, b) => b[1].size - a[1].size);
}

function truncate(name) {
  const oneLine = String(name).replace(/\s+/g, ' ');
  return oneLine.length > 80 ? `${oneLine.slice(0, 77)}...` : oneLine;
}
