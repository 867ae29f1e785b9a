import { engagementRate, historyRows, lastDays } from './dashboard-stats';

describe('dashboard figures', () => {
  it('engagement rate is the percent of members active in 24 h, one decimal', () => {
    expect(engagementRate(0, 0)).toBe(0);
    expect(engagementRate(1, 3)).toBe(33.3);
    expect(engagementRate(2, 3)).toBe(66.7);
    expect(engagementRate(5, 5)).toBe(100);
    // Activity from members the read model has not seen register never counts above 100%.
    expect(engagementRate(7, 5)).toBe(100);
  });
});

describe('dashboard history', () => {
  it('lists the last days oldest first, today last, across a month end', () => {
    expect(lastDays(7, new Date('2026-03-02T23:59:00Z'))).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(lastDays(30, new Date('2026-03-02T00:00:00Z'))).toHaveLength(30);
  });

  it('fills each day from the grouped counts, 0 for a day without any', () => {
    const rows = historyRows(['2026-03-01', '2026-03-02'], {
      registrations: new Map([['2026-03-02', 3]]),
      active: new Map([['2026-03-01', 5]]),
      content: new Map([
        ['post:2026-03-01', 2],
        ['comment:2026-03-02', 4],
        ['story:2026-03-02', 1],
      ]),
      revenueCents: new Map([['2026-03-02', 4999]]),
    });
    expect(rows).toEqual([
      {
        date: '2026-03-01',
        newRegistrations: 0,
        activeUsers: 5,
        posts: 2,
        comments: 0,
        stories: 0,
        revenueUsdMicro: 0,
      },
      {
        date: '2026-03-02',
        newRegistrations: 3,
        activeUsers: 0,
        posts: 0,
        comments: 4,
        stories: 1,
        revenueUsdMicro: 49_990_000,
      },
    ]);
  });
});
