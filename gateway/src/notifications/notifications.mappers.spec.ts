import { microToAc, toNotification } from './notifications.mappers';

describe('notification mapping', () => {
  it('shows AC with at most 3 decimals, truncated', () => {
    expect(microToAc(1_500_000)).toBe(1.5);
    expect(microToAc(15_000)).toBe(0.015);
    expect(microToAc(1_500)).toBe(0.001);
    expect(microToAc(999)).toBe(0);
  });

  it('carries aura_coins_earned only when coin was earned, and null from_user for system ones', () => {
    const base = {
      id: 'n1',
      type: 'system',
      title: 'Aura',
      message: 'Welcome',
      isRead: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      fromUser: undefined,
      metadata: { auraCoinsEarnedMicro: 0, coinsEarned: false, refs: { post_id: 'p' } },
    };
    expect(toNotification(base)).toMatchObject({ from_user: null, metadata: { post_id: 'p' } });
    expect(toNotification(base).metadata).not.toHaveProperty('aura_coins_earned');
    expect(
      toNotification({ ...base, metadata: { auraCoinsEarnedMicro: 10_000, coinsEarned: true, refs: {} } })
        .metadata,
    ).toEqual({ aura_coins_earned: 0.01 });
  });
});
