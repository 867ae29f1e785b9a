import { drawRarity, ODDS_BPS, RARITIES, TOTAL_BPS } from './odds';

// The reveal odds, measured: 200,000 draws of the server's draw with node's crypto.randomInt. Each
// rarity's count is binomial(n, p); it must fall within 5 standard deviations (sqrt(n·p·(1−p))) of
// n·p — a false alarm about once in 1.7 million runs per rarity, while a table off by a tenth of a
// band for general/common/uncommon (or a missing rare/legendary/cosmic band) is caught.
const DRAWS = 200_000;
const SIGMAS = 5;

describe('reveal odds over many cryptographically random draws', () => {
  const counts = Object.fromEntries(RARITIES.map((r) => [r, 0])) as Record<string, number>;
  beforeAll(() => {
    for (let i = 0; i < DRAWS; i += 1) counts[drawRarity()] += 1;
  });

  it.each(RARITIES)('%s is within 5 σ of the shop table', (rarity) => {
    const p = ODDS_BPS[rarity] / TOTAL_BPS;
    const expected = DRAWS * p;
    const sigma = Math.sqrt(DRAWS * p * (1 - p));
    expect(Math.abs(counts[rarity] - expected)).toBeLessThanOrEqual(SIGMAS * sigma);
  });

  it('adds up to every draw', () => {
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(DRAWS);
  });
});
