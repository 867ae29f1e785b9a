import { adminPanelDescription, isAdminRole } from './roles';

describe('roles', () => {
  it('only admin and super_admin are admin roles', () => {
    expect(isAdminRole('user')).toBe(false);
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('super_admin')).toBe(true);
  });

  it('describes the Admin Panel per role', () => {
    expect(adminPanelDescription('super_admin')).toBe('Super Admin Controls');
    expect(adminPanelDescription('admin')).toBe('Admin Controls');
  });
});
