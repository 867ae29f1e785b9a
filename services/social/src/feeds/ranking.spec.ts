import { HOUR_MS } from '../common/clock';
import { auraFeedScore, RankCandidate, rankFeed } from './ranking';

const now = Date.UTC(2026, 0, 10, 12);
const candidate = (id: string, overrides: Partial<RankCandidate> = {}): RankCandidate => ({
  id,
  authorId: `author-${id}`,
  createdAtMs: now - HOUR_MS,
  engagementScore: 0,
  authorAura: 100,
  ...overrides,
});

describe('auraFeedScore', () => {
  it('is (1 + engagement) × (1 + aura/1000) / (hours + 2)^1.5', () => {
    const score = auraFeedScore(candidate('a', { engagementScore: 9, authorAura: 500 }), now);
    expect(score).toBeCloseTo((10 * 1.5) / Math.pow(3, 1.5), 10);
  });

  it('rises with engagement and aura and falls with age', () => {
    const base = auraFeedScore(candidate('a'), now);
    expect(auraFeedScore(candidate('a', { engagementScore: 5 }), now)).toBeGreaterThan(base);
    expect(auraFeedScore(candidate('a', { authorAura: 900 }), now)).toBeGreaterThan(base);
    expect(auraFeedScore(candidate('a', { createdAtMs: now - 10 * HOUR_MS }), now)).toBeLessThan(base);
  });
});

describe('rankFeed', () => {
  it('aura: by score, a fresh engaging post of a high-aura author first', () => {
    const ranked = rankFeed(
      'aura',
      [
        candidate('old-popular', { engagementScore: 20, createdAtMs: now - 10 * HOUR_MS }),
        candidate('ancient-popular', { engagementScore: 20, createdAtMs: now - 100 * HOUR_MS }),
        candidate('fresh', { engagementScore: 3, authorAura: 900 }),
        candidate('fresh-plain'),
      ],
      now,
    );
    expect(ranked).toEqual(['fresh', 'old-popular', 'fresh-plain', 'ancient-popular']);
  });

  it('high-aura: only authors at 700 or more, newest first', () => {
    const ranked = rankFeed(
      'high-aura',
      [
        candidate('older', { authorAura: 950, createdAtMs: now - 5 * HOUR_MS }),
        candidate('low', { authorAura: 699 }),
        candidate('newer', { authorAura: 700, createdAtMs: now - HOUR_MS }),
      ],
      now,
    );
    expect(ranked).toEqual(['newer', 'older']);
  });

  it('discovery: by engagement, then newest, then id', () => {
    const ranked = rankFeed(
      'discovery',
      [
        candidate('b', { engagementScore: 2, createdAtMs: now - 2 * HOUR_MS }),
        candidate('c', { engagementScore: 2, createdAtMs: now - HOUR_MS }),
        candidate('a', { engagementScore: 7, createdAtMs: now - 50 * HOUR_MS }),
        candidate('d', { engagementScore: 2, createdAtMs: now - HOUR_MS }),
      ],
      now,
    );
    expect(ranked).toEqual(['a', 'd', 'c', 'b']);
  });
});
