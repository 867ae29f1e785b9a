import { noPostsText, optimisticFollow, withFollowResult } from './follow';
import type { MemberProfile } from './types';

const profile = (patch: Partial<MemberProfile> = {}): MemberProfile => ({
  id: 'u2',
  username: 'orion',
  display_name: 'Orion',
  role: 'user',
  aura_score: 720,
  profile_picture: '',
  banner_image: '',
  bio: '',
  aura_animation_style: 'pulse',
  aura_color_gradient: 'emerald',
  profile_ring_color: 'default',
  profile_background: 'default',
  profile_audio_youtube_link: '',
  is_super_aura: false,
  is_deleted: false,
  created_at: '2026-01-01T00:00:00.000Z',
  followers_count: 3,
  profile_visits_count: 0,
  featured_genie: null,
  following_count: 1,
  is_following: false,
  is_muted: false,
  ...patch,
});

describe('follow (spec 000 §4)', () => {
  it('following adds one follower at once', () => {
    expect(optimisticFollow(profile(), true)).toMatchObject({ is_following: true, followers_count: 4 });
  });

  it('unfollowing removes one, never below 0', () => {
    expect(optimisticFollow(profile({ is_following: true }), false)).toMatchObject({
      is_following: false,
      followers_count: 2,
    });
    expect(optimisticFollow(profile({ is_following: true, followers_count: 0 }), false).followers_count).toBe(
      0,
    );
  });

  it('does not count twice when the state already matches', () => {
    const p = profile({ is_following: true });
    expect(optimisticFollow(p, true)).toBe(p);
  });

  it("takes the server's counts, never below 0", () => {
    expect(
      withFollowResult(profile(), { is_following: true, followers_count: 10, following_count: -1 }),
    ).toMatchObject({ is_following: true, followers_count: 10, following_count: 0 });
  });

  it('says who has not posted yet', () => {
    expect(noPostsText('orion')).toBe("orion hasn't posted yet");
  });
});
