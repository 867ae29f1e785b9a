import { Types } from 'mongoose';
import { maskedStatement } from './db-statement';

describe('maskedStatement', () => {
  it('shows the fields of a command and of its objects, never a value', () => {
    const statement = maskedStatement({
      find: 'accounts',
      filter: { _id: { $in: [new Types.ObjectId(), new Types.ObjectId()] }, ownerId: 'member-1' },
      sort: { createdAt: -1 },
      limit: 20,
      lsid: { id: Buffer.from('session') },
    });
    expect(JSON.parse(statement)).toEqual({
      find: '?',
      filter: { _id: '?', ownerId: '?' },
      sort: { createdAt: '?' },
      limit: '?',
      lsid: { id: '?' },
    });
    expect(statement).not.toContain('member-1');
    expect(statement).not.toContain('accounts');
  });

  it('shows an array as its length without walking its documents', () => {
    const documents = Array.from({ length: 3 }, (_, i) => ({ _id: new Types.ObjectId(), secret: `s${i}` }));
    expect(JSON.parse(maskedStatement({ insert: 'entries', documents, ordered: true }))).toEqual({
      insert: '?',
      documents: '[3]',
      ordered: '?',
    });
  });

  it('masks dates, ids and buffers as values, and a command with nothing in it as {}', () => {
    expect(
      JSON.parse(
        maskedStatement({ at: new Date(), id: new Types.ObjectId(), raw: Buffer.from('x'), none: null }),
      ),
    ).toEqual({ at: '?', id: '?', raw: '?', none: '?' });
    expect(maskedStatement({})).toBe('{}');
  });
});
