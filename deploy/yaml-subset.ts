// A reader for the YAML subset of Aura's deploy files (docker-compose.yml, the chart's values, the
// Prometheus, OTel and Grafana configs, the alert rules), for the specs beside it. No dependency: the
// specs read exactly what the files say, and a construct outside the subset fails loudly.
// Block mappings and sequences, one-line flow sequences and mappings, quoted and plain one-line
// scalars, comments, anchors, aliases and merge keys (<<). Scalars stay strings. Anything else (block
// scalars, multi-line flow collections) is an error rather than a silent misreading.

export type Yaml = string | null | Yaml[] | Mapping;
export interface Mapping {
  [key: string]: Yaml;
}
interface Line {
  indent: number;
  text: string;
  no: number;
}

export const isMapping = (value: Yaml | undefined): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSequenceItem = (text: string) => text === '-' || text.startsWith('- ');
const KEY_VALUE = /^('(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^'"\s].*?)\s*:(?:\s+(.*))?$/;

function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote === '"' && char === '\\') i++;
    else if (quote) quote = char === quote ? '' : quote;
    else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

function scalar(text: string): string | null {
  if (text.startsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  if (text.startsWith('"')) return JSON.parse(text) as string;
  return text === '' || text === '~' || text === 'null' ? null : text;
}

function splitFlow(inner: string): string[] {
  const parts: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i];
    if (quote === '"' && char === '\\') i++;
    else if (quote) quote = char === quote ? '' : quote;
    else if (char === "'" || char === '"') quote = char;
    else if ('[]{}'.includes(char)) throw new Error(`nested flow collections are not supported: ${inner}`);
    else if (char === ',') {
      parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(inner.slice(start).trim());
  return parts.filter((part) => part !== '');
}

export function parseYaml(source: string, file: string): Yaml {
  const lines: Line[] = [];
  source.split('\n').forEach((raw, index) => {
    const text = stripComment(raw).trimEnd();
    if (text.trim() === '' || text.trim() === '---') return;
    lines.push({ indent: text.length - text.trimStart().length, text: text.trim(), no: index + 1 });
  });
  const anchors = new Map<string, Yaml>();
  let pos = 0;

  const fail = (message: string): never => {
    throw new Error(`${file} line ${lines[pos]?.no ?? 'end'}: ${message}`);
  };

  function node(indent: number): Yaml {
    return isSequenceItem(lines[pos].text) ? sequence(indent) : mapping(indent);
  }

  /** The value after "key:" or "- ", or the block under it when there is none. */
  function value(text: string, parentIndent: number, inMapping: boolean): Yaml {
    const anchor = /^&(\S+)\s*(.*)$/.exec(text);
    const rest = anchor ? anchor[2] : text;
    let result: Yaml;
    if (rest === '') {
      const next = lines[pos];
      if (next && next.indent > parentIndent) result = node(next.indent);
      else if (next && inMapping && next.indent === parentIndent && isSequenceItem(next.text))
        result = sequence(next.indent);
      else result = null;
    } else if (rest.startsWith('*')) {
      if (!anchors.has(rest.slice(1))) fail(`unknown alias ${rest}`);
      result = anchors.get(rest.slice(1)) ?? null;
    } else if (rest.startsWith('[')) {
      if (!rest.endsWith(']')) fail('flow sequences must fit on one line');
      result = splitFlow(rest.slice(1, -1)).map(scalar);
    } else if (rest.startsWith('{')) {
      if (!rest.endsWith('}')) fail('flow mappings must fit on one line');
      result = {};
      for (const pair of splitFlow(rest.slice(1, -1))) {
        const match = KEY_VALUE.exec(pair) ?? fail(`bad flow mapping entry ${pair}`);
        result[scalar(match[1]) ?? ''] = scalar(match[2] ?? '');
      }
    } else if (/^[|>]/.test(rest)) {
      result = fail('block scalars are not supported by this reader');
    } else {
      result = scalar(rest);
    }
    if (anchor) anchors.set(anchor[1], result);
    return result;
  }

  function mapping(indent: number): Mapping {
    const own: Mapping = {};
    const merged: Mapping = {};
    while (pos < lines.length && lines[pos].indent === indent && !isSequenceItem(lines[pos].text)) {
      const match = KEY_VALUE.exec(lines[pos].text) ?? fail('expected "key: value"');
      const key = scalar(match[1]) ?? '';
      pos++;
      const entry = value(match[2] ?? '', indent, true);
      if (key !== '<<') own[key] = entry;
      else
        for (const source of Array.isArray(entry) ? entry : [entry])
          Object.assign(merged, isMapping(source) ? source : fail('<< needs a mapping'));
    }
    if (pos < lines.length && lines[pos].indent > indent) fail('unexpected indentation');
    return { ...merged, ...own };
  }

  function sequence(indent: number): Yaml[] {
    const items: Yaml[] = [];
    while (pos < lines.length && lines[pos].indent === indent && isSequenceItem(lines[pos].text)) {
      const line = lines[pos];
      const rest = line.text.slice(1).trim();
      const column = indent + line.text.length - rest.length;
      if (rest !== '' && !/^['"[{&*]/.test(rest) && KEY_VALUE.test(rest)) {
        lines[pos] = { ...line, indent: column, text: rest }; // "- key: value" opens a mapping
        items.push(mapping(column));
      } else {
        pos++;
        items.push(value(rest, indent, false));
      }
    }
    return items;
  }

  const document = node(0);
  if (pos < lines.length) fail('unexpected content');
  return document;
}
