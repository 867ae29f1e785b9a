import { deletionDueAt, erasedProfile, formerUsernameOf, usernameHash } from './account-deletion';

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

describe('the username an erased account holds', () => {
  it('is kept only as a hash of its lower-case form, for 90 days', () => {
    const erasedAt = new Date('2026-11-29T10:00:00Z');
    const held = formerUsernameOf('Luna_92', erasedAt);
    expect(held.sha256).toBe(usernameHash('luna_92'));
    expect(held.sha256).not.toContain('luna');
    expect(held.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(held.until).toEqual(new Date('2027-02-27T10:00:00Z'));
    expect(usernameHash(' LUNA_92 ')).toBe(held.sha256);
  });
});
