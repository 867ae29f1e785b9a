import { ApiError } from '../../api/errors';
import {
  accountDeletionFailure,
  AccountDeletionMessages,
  deletionCancelledNotice,
  deletionNotice,
} from './account-deletion';

describe('account deletion', () => {
  it("explains a refusal in the server's words", () => {
    expect(accountDeletionFailure(ApiError.fromResponse(403, { detail: 'Incorrect password' }))).toBe(
      'Incorrect password',
    );
    const admin = 'An admin account cannot be deleted: ask a super admin to change your role first';
    expect(accountDeletionFailure(ApiError.fromResponse(400, { detail: admin }))).toBe(admin);
    expect(accountDeletionFailure(ApiError.fromResponse(429, { detail: 'Too many tries' }))).toBe(
      'Too many tries',
    );
    expect(accountDeletionFailure(new Error('boom'))).toBe(AccountDeletionMessages.failed);
  });

  it('welcomes back only the sign-in that cancelled a deletion', () => {
    expect(deletionCancelledNotice({ deletion_cancelled: true })).toBe(
      'Welcome back — your account will not be deleted.',
    );
    expect(deletionCancelledNotice({})).toBeNull();
    expect(deletionCancelledNotice({ deletion_cancelled: false })).toBeNull();
  });

  it('keeps the scheduled-deletion notice for the signed-out pages until cleared', () => {
    const heard = jest.fn();
    const unsubscribe = deletionNotice.subscribe(heard);
    expect(deletionNotice.get()).toBeNull();
    deletionNotice.show('Your account will be deleted on 28 December 2026. Sign in before then to keep it.');
    expect(deletionNotice.get()).toMatch(/^Your account will be deleted on/);
    deletionNotice.clear();
    deletionNotice.clear();
    expect(deletionNotice.get()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
    deletionNotice.show('again');
    expect(heard).toHaveBeenCalledTimes(2);
    deletionNotice.clear();
  });
});
