import { Forbidden, RuleViolation } from '@aura/platform';
import { ProfileMessages, validateProfileUpdate, youtubeVideoId } from './profile-rules';

const member = { isSuperAura: false, profileAudioYoutubeLink: '' };
const superAura = { isSuperAura: true, profileAudioYoutubeLink: '' };

describe('profile update rules', () => {
  it('sets only the fields given', () => {
    expect(validateProfileUpdate({}, member)).toEqual({});
    expect(validateProfileUpdate({ bio: ' hi ', profileRingColor: 'gold' }, member)).toEqual({
      bio: 'hi',
      profile_ring_color: 'gold',
    });
  });

  it('bio: 160 characters pass, 161 do not', () => {
    expect(validateProfileUpdate({ bio: 'x'.repeat(160) }, member).bio).toHaveLength(160);
    expect(() => validateProfileUpdate({ bio: 'x'.repeat(161) }, member)).toThrow(
      new RuleViolation(ProfileMessages.bio),
    );
  });

  it('accepts exactly the enums of spec 000 §5', () => {
    const cases: [string, string[], string][] = [
      ['auraAnimationStyle', ['pulse', 'glow', 'sparkles', 'waves'], ProfileMessages.animation],
      ['auraColorGradient', ['emerald', 'ocean', 'cosmic', 'solar', 'fire'], ProfileMessages.gradient],
      [
        'profileRingColor',
        ['default', 'purple', 'blue', 'green', 'gold', 'red', 'pink', 'cosmic'],
        ProfileMessages.ring,
      ],
      [
        'profileBackground',
        ['default', 'cosmic', 'ocean', 'forest', 'sunset', 'aurora', 'galaxy'],
        ProfileMessages.background,
      ],
    ];
    for (const [field, values, message] of cases) {
      for (const value of values)
        expect(() => validateProfileUpdate({ [field]: value }, member)).not.toThrow();
      expect(() => validateProfileUpdate({ [field]: 'rainbow' }, member)).toThrow(new RuleViolation(message));
      expect(() => validateProfileUpdate({ [field]: '' }, member)).toThrow(RuleViolation);
    }
  });

  it('display name: trimmed, 1-50 characters', () => {
    expect(validateProfileUpdate({ displayName: ' Mia ' }, member)).toEqual({ display_name: 'Mia' });
    expect(() => validateProfileUpdate({ displayName: '  ' }, member)).toThrow(ProfileMessages.displayName);
    expect(() => validateProfileUpdate({ displayName: 'x'.repeat(51) }, member)).toThrow(
      ProfileMessages.displayName,
    );
  });

  it('YouTube link: SuperAura only, with an 11-character video id; "" removes it', () => {
    const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    expect(() => validateProfileUpdate({ profileAudioYoutubeLink: link }, member)).toThrow(
      new Forbidden(ProfileMessages.superAuraOnly),
    );
    expect(validateProfileUpdate({ profileAudioYoutubeLink: link }, superAura)).toEqual({
      profile_audio_youtube_link: link,
    });
    expect(() =>
      validateProfileUpdate({ profileAudioYoutubeLink: 'https://youtube.com/watch?v=short' }, superAura),
    ).toThrow(new RuleViolation(ProfileMessages.youtube));
    expect(validateProfileUpdate({ profileAudioYoutubeLink: '' }, member)).toEqual({
      profile_audio_youtube_link: '',
    });
    // A lapsed member saving the settings form unchanged keeps their link.
    expect(
      validateProfileUpdate(
        { profileAudioYoutubeLink: link },
        { isSuperAura: false, profileAudioYoutubeLink: link },
      ),
    ).toEqual({ profile_audio_youtube_link: link });
  });

  it('finds the video id in the usual link forms only', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=42',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    ])
      expect(youtubeVideoId(link)).toBe('dQw4w9WgXcQ');
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXc',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
      'https://vimeo.com/watch?v=dQw4w9WgXcQ',
      'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
      'dQw4w9WgXcQ',
    ])
      expect(youtubeVideoId(link)).toBeUndefined();
  });
});
