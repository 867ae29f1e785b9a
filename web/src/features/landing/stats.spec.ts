import { DEFAULT_PUBLIC_STATS, LANDING_REFRESH_MS, PREVIEW_AURA_TIERS } from './constants';
import { statsOrDefaults } from './stats';

describe('landing data (spec 000 §2, §9)', () => {
  it('shows the default statistics before data arrives', () => {
    expect(statsOrDefaults(undefined)).toEqual({
      total_users: 1247,
      active_users_24h: 89,
      total_posts: 3421,
      total_engagement: 15678,
    });
  });

  it("shows the server's figures once they arrive, zero included", () => {
    expect(
      statsOrDefaults({
        total_users: 12,
        active_users_24h: 0,
        total_posts: 40,
        total_engagement: 7,
        posts_today: 2,
      }),
    ).toEqual({ total_users: 12, active_users_24h: 0, total_posts: 40, total_engagement: 7, posts_today: 2 });
  });

  it('keeps the default for a figure the answer lacks', () => {
    expect(statsOrDefaults({ total_users: 5 })).toEqual({ ...DEFAULT_PUBLIC_STATS, total_users: 5 });
  });

  it('refreshes every 15 seconds and rings the preview at 900, 700, 500', () => {
    expect(LANDING_REFRESH_MS).toBe(15_000);
    expect(PREVIEW_AURA_TIERS).toEqual([900, 700, 500]);
  });
});
