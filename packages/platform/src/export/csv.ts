/**
 * CSV (RFC 4180) of export records: one column per field, in the order the fields first appear.
 * Objects and arrays become their JSON; a cell that a spreadsheet would run as a formula (= + - @, tab,
 * carriage return first) is prefixed with an apostrophe (OWASP "CSV injection").
 */
export function toCsv(records: readonly Record<string, unknown>[]): string {
  const columns: string[] = [];
  const known = new Set<string>();
  for (const record of records)
    for (const key of Object.keys(record))
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
  const lines = [columns.map(csvCell).join(',')];
  for (const record of records) lines.push(columns.map((column) => csvCell(record[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
