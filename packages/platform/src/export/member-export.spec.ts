import { InvalidInput } from '../errors/domain-error';
import {
  afterTimeAndId,
  decodeExportCursor,
  encodeExportCursor,
  ExportMessages,
  exportPageOf,
  exportRequest,
  toExportPage,
} from './member-export';

const member = '65f1c0ffee0123456789abcd';

describe('an export request', () => {
  it('names a member and a part the service holds', () => {
    expect(
      exportRequest({ userId: ` ${member} `, part: 'posts', cursor: '' }, ['posts', 'comments']),
    ).toEqual({ userId: member, part: 'posts', cursor: '' });
    expect(() => exportRequest({ userId: member, part: 'wallet', cursor: '' }, ['posts'])).toThrow(
      new InvalidInput(ExportMessages.unknownPart),
    );
    for (const userId of ['', 'x', '../65f1c0ffee0123456789abcd', `${member}0`])
      expect(() => exportRequest({ userId, part: 'posts', cursor: '' }, ['posts'])).toThrow(
        new InvalidInput(ExportMessages.badUserId),
      );
  });
});

describe('export cursors', () => {
  it('round-trip a position, and the first page has none', () => {
    const cursor = encodeExportCursor([1_700_000_000_000, 'abc']);
    expect(decodeExportCursor(cursor, ['number', 'string'] as const)).toEqual([1_700_000_000_000, 'abc']);
    expect(decodeExportCursor('', ['number'] as const)).toBeUndefined();
  });

  it('refuses anything that is not a position of the expected shape', () => {
    for (const cursor of ['%%%', 'bm90IGpzb24', encodeExportCursor(['a', 'b']), encodeExportCursor([1])])
      expect(() => decodeExportCursor(cursor, ['number', 'string'] as const)).toThrow(
        new InvalidInput(ExportMessages.badCursor),
      );
    expect(() => decodeExportCursor(encodeExportCursor([-1]), ['number'] as const)).toThrow(InvalidInput);
  });
});

describe('export pages', () => {
  it('hold at most a page, with a cursor only when more follow', () => {
    const position = (n: number) => [n];
    expect(exportPageOf([1, 2, 3], 2, position)).toEqual({
      items: [1, 2],
      nextCursor: encodeExportCursor([2]),
    });
    expect(exportPageOf([1, 2], 2, position)).toEqual({ items: [1, 2], nextCursor: '' });
    expect(exportPageOf([], 2, position)).toEqual({ items: [], nextCursor: '' });
  });

  it('are answered as JSON', () => {
    expect(toExportPage({ records: [{ id: 'a', n: 1 }], nextCursor: '' })).toEqual({
      recordsJson: '[{"id":"a","n":1}]',
      nextCursor: '',
    });
  });

  it('continue after a moment and id', () => {
    expect(afterTimeAndId('created_at', undefined)).toEqual({});
    const at = new Date(1000);
    expect(afterTimeAndId('created_at', [1000, 'b'])).toEqual({
      created_at: { $gte: at },
      $or: [{ created_at: { $gt: at } }, { _id: { $gt: 'b' } }],
    });
  });
});
