import { Forbidden, InvalidInput, RuleViolation } from '@aura/platform';
import {
  AdminUserMessages,
  changeOf,
  listQueryOf,
  requireAdmin,
  requireSuperAdmin,
  searchPrefix,
} from './admin-user-rules';

const superAdmin = { userId: 'a1', role: 'super_admin' as const };

describe('admin user rules', () => {
  it('lists by role with at most 100, searches with at most 20', () => {
    const newest = { sort: 'created_at', ascending: false, offset: 0 };
    expect(listQueryOf({ role: 'all', limit: 100 })).toEqual({
      role: null,
      search: '',
      limit: 100,
      ...newest,
    });
    expect(listQueryOf({ role: 'admin', limit: 500 })).toEqual({
      role: 'admin',
      search: '',
      limit: 100,
      ...newest,
    });
    expect(listQueryOf({ search: ' lu ', limit: 100 })).toEqual({
      role: null,
      search: 'lu',
      limit: 20,
      ...newest,
    });
    expect(listQueryOf({})).toEqual({ role: null, search: '', limit: 100, ...newest });
    expect(() => listQueryOf({ role: 'root' })).toThrow(InvalidInput);
  });

  it('sorts by a known column either way and pages from an offset up to 10,000', () => {
    expect(listQueryOf({ sort: 'aura_score', ascending: true, offset: 100 })).toMatchObject({
      sort: 'aura_score',
      ascending: true,
      offset: 100,
    });
    expect(listQueryOf({ sort: '' }).sort).toBe('created_at');
    expect(() => listQueryOf({ sort: 'password' })).toThrow(AdminUserMessages.badSort);
    expect(() => listQueryOf({ offset: -1 })).toThrow(AdminUserMessages.badOffset);
    expect(() => listQueryOf({ offset: 10_001 })).toThrow(AdminUserMessages.badOffset);
  });

  it('lets admins read and only super admins change', () => {
    expect(() => requireAdmin(undefined)).toThrow(Forbidden);
    expect(() => requireAdmin({ userId: 'u', role: 'user' })).toThrow(Forbidden);
    expect(requireAdmin({ userId: 'u', role: 'admin' }).userId).toBe('u');
    expect(() => requireSuperAdmin({ userId: 'u', role: 'admin' })).toThrow(AdminUserMessages.notSuperAdmin);
    expect(requireSuperAdmin(superAdmin).role).toBe('super_admin');
  });

  it('never changes one’s own role, accepts only known roles, needs something to change', () => {
    expect(() => changeOf(superAdmin, 'a1', { role: 'user' })).toThrow(RuleViolation);
    expect(() => changeOf(superAdmin, 'a1', { role: 'user' })).toThrow(AdminUserMessages.ownRole);
    expect(() => changeOf(superAdmin, 'b2', { role: 'owner' })).toThrow(AdminUserMessages.badRole);
    expect(() => changeOf(superAdmin, 'b2', {})).toThrow(AdminUserMessages.nothingToChange);
    expect(changeOf(superAdmin, 'b2', { role: 'admin' })).toEqual({ role: 'admin' });
    // One's own SuperAura flag is not a role: allowed.
    expect(changeOf(superAdmin, 'a1', { isSuperAura: true })).toEqual({ isSuperAura: true });
  });

  it('searches a lower-cased prefix, with the text escaped', () => {
    expect(searchPrefix('A.b').test('a.bc')).toBe(true);
    expect(searchPrefix('a.b').test('axb')).toBe(false);
    expect(searchPrefix('lu').test('alu')).toBe(false);
    expect(searchPrefix('Lu').source).toBe('^lu');
  });
});
