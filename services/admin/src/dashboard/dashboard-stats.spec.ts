import { engagementRate } from './dashboard-stats';

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
