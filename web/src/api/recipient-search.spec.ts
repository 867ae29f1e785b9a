import { recipientQuery, recipientSuggestions } from './recipient-search';

describe('recipient search (spec 001 §5)', () => {
  it('searches recipients from 3 characters and shows at most 5, never oneself', () => {
    expect(recipientQuery('ab')).toBeNull();
    expect(recipientQuery('  ab ')).toBeNull();
    expect(recipientQuery('@lun')).toBe('lun');
    expect(recipientQuery('luna')).toBe('luna');
    const users = ['me', 'a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id }));
    expect(recipientSuggestions(users, 'me').map((u) => u.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
