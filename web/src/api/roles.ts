import type { UserRole } from './types';

/** Spec 000 §6: only admin roles see the Admin Panel entry (and the header's admin button). */
export const isAdminRole = (role: UserRole) => role === 'admin' || role === 'super_admin';

/** Spec 000 §2 "Side menu": the Admin Panel description. */
export const adminPanelDescription = (role: UserRole) =>
  role === 'super_admin' ? 'Super Admin Controls' : 'Admin Controls';
