import {
  BACKGROUNDS,
  bioCounter,
  bioTooLong,
  changedFields,
  formFromUser,
  formProblem,
  ProfileMessages,
  RING_COLORS,
  ringStyle,
  youtubeVideoId,
} from './profile-form';

const user = {
  display_name: 'Luna',
  bio: 'Calm',
  aura_animation_style: 'glow',
  aura_color_gradient: 'ocean',
  profile_ring_color: 'default',
  profile_background: 'default',
  profile_audio_youtube_link: '',
};

describe('profile enums (spec 000 §5)', () => {
  it('ring colours and backgrounds exactly as the spec lists them', () => {
    expect(RING_COLORS).toEqual(['default', 'purple', 'blue', 'green', 'gold', 'red', 'pink', 'cosmic']);
    expect(BACKGROUNDS).toEqual(['default', 'cosmic', 'ocean', 'forest', 'sunset', 'aurora', 'galaxy']);
  });

  it('an unknown stored value opens as the first option', () => {
    expect(formFromUser({ ...user, profile_ring_color: 'teal', aura_animation_style: '' })).toMatchObject({
      profile_ring_color: 'default',
      aura_animation_style: 'pulse',
    });
  });

  it('the default ring follows the aura tier, a chosen colour replaces it', () => {
    expect(ringStyle('default', 'radiant')).toBe('radiant');
    expect(ringStyle('gold', 'radiant')).toBe('gold');
    expect(ringStyle('nonsense', 'starter')).toBe('starter');
  });
});

describe('bio (spec 000 §5: at most 160)', () => {
  it('counts characters and refuses 161', () => {
    expect(bioCounter('')).toBe('0/160');
    expect(bioCounter('a'.repeat(160))).toBe('160/160');
    expect(bioTooLong('a'.repeat(160))).toBe(false);
    expect(bioTooLong('a'.repeat(161))).toBe(true);
    const before = formFromUser(user);
    expect(formProblem({ ...before, bio: 'a'.repeat(161) }, false, before)).toBe(ProfileMessages.bioTooLong);
  });
});

describe('YouTube link (spec 000 §4, §5)', () => {
  it('takes the 11-character video id from the usual link forms', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?list=x&v=dQw4w9WgXcQ&t=3',
      'youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    ])
      expect(youtubeVideoId(link)).toBe('dQw4w9WgXcQ');
  });

  it('refuses links without one', () => {
    for (const link of [
      '',
      'https://www.youtube.com/watch?v=short',
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/',
      'not a link at all',
    ])
      expect(youtubeVideoId(link)).toBeNull();
  });

  it('only SuperAura members may change it, and only to a link with an id', () => {
    const before = formFromUser(user);
    const withLink = { ...before, profile_audio_youtube_link: 'https://youtu.be/dQw4w9WgXcQ' };
    expect(formProblem(withLink, false, before)).toBe('Upgrade to SuperAura to enable profile music');
    expect(formProblem(withLink, true, before)).toBeNull();
    expect(formProblem({ ...before, profile_audio_youtube_link: 'https://youtu.be/x' }, true, before)).toBe(
      ProfileMessages.badYoutubeLink,
    );
    // An unchanged link of a former member does not block other changes.
    const kept = formFromUser({ ...user, profile_audio_youtube_link: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(formProblem({ ...kept, bio: 'new' }, false, kept)).toBeNull();
  });
});

describe('PUT /api/profile body (partial)', () => {
  it('sends only the changed fields, trimmed; a blank display name keeps the old one', () => {
    const before = formFromUser(user);
    expect(changedFields(before, before)).toEqual({});
    expect(
      changedFields({ ...before, bio: 'New bio', profile_ring_color: 'gold', display_name: '  ' }, before),
    ).toEqual({ bio: 'New bio', profile_ring_color: 'gold' });
    expect(changedFields({ ...before, display_name: ' Luna Moon ' }, before)).toEqual({
      display_name: 'Luna Moon',
    });
  });
});
