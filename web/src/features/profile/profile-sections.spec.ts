import { PROFILE_SECTIONS, initialSection, visibleSections, type ProfileSectionId } from './profile-sections';

const all = new Set<ProfileSectionId>(PROFILE_SECTIONS.map((s) => s.id));

describe('own-profile sections (spec 000 §2)', () => {
  it('in the spec order, Saved beside the posts, marketplace labelled Shop', () => {
    expect(PROFILE_SECTIONS.map((s) => s.id)).toEqual([
      'dashboard',
      'posts',
      'saved',
      'reflection',
      'genies',
      'wallet',
      'marketplace',
      'upgrade',
      'settings',
    ]);
    expect(PROFILE_SECTIONS.find((s) => s.id === 'marketplace')?.label).toBe('Shop');
  });

  it('upgrade is hidden for SuperAura members', () => {
    expect(visibleSections(all, false).map((s) => s.id)).toContain('upgrade');
    expect(visibleSections(all, true).map((s) => s.id)).not.toContain('upgrade');
  });

  it('shows only the sections that exist', () => {
    expect(visibleSections(new Set(['settings']), false).map((s) => s.label)).toEqual(['Settings']);
  });

  it('opens the asked section when shown, else the first', () => {
    const shown = visibleSections(new Set(['settings', 'dashboard']), false);
    expect(initialSection(shown, 'settings')).toBe('settings');
    expect(initialSection(shown, 'wallet')).toBe('dashboard');
    expect(initialSection(shown, undefined)).toBe('dashboard');
    expect(initialSection([], 'settings')).toBeUndefined();
  });
});
