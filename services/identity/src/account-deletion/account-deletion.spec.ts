import { deletionDueAt, erasedProfile } from './account-deletion';

describe('account deletion', () => {
  it('is due 30 days after it was asked for', () => {
    expect(deletionDueAt(new Date('2026-11-28T10:00:00Z'))).toEqual(new Date('2026-12-28T10:00:00Z'));
  });

  it('keeps nothing of the person in the erased profile', () => {
    const profile = erasedProfile('65f0c0ffee0000000000abcd');
    expect(profile).toMatchObject({
      username: 'deleted_65f0c0ffee0000000000abcd',
      display_name: 'Deleted member',
      email: 'deleted+65f0c0ffee0000000000abcd@invalid.aura',
      bio: '',
      profile_picture: '',
    });
  });
});
