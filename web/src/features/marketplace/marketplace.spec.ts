import { ApiError } from '../../api/errors';
import { decorationOf, gradient, hasDecoration } from './appearance';
import {
  distinctPreviews,
  generatedPreview,
  categoryLabel,
  filterItems,
  formatPrice,
  inPriceBand,
  marketplaceFailureMessage,
  matchesSearch,
  NO_FILTER,
  purchaseBlock,
} from './marketplace';
import type { MarketplaceItem } from './types';

const item = (over: Partial<MarketplaceItem>): MarketplaceItem => ({
  id: 'x',
  name: 'Golden Ring',
  description: 'A shining gold ring around your avatar.',
  category: 'ring_colors',
  price: 120,
  is_premium: true,
  is_owned: false,
  is_active_on_profile: false,
  preview_image_url: '',
  appearance: '#f59e0b',
  ...over,
});

describe('price bands (spec 001 §5: under 50, 50 to 100 inclusive, over 100)', () => {
  it.each([
    [49.999, 'under50', true],
    [50, 'under50', false],
    [50, '50to100', true],
    [100, '50to100', true],
    [100.001, '50to100', false],
    [100, 'over100', false],
    [100.001, 'over100', true],
    [0, 'all', true],
  ] as const)('%p AC in %s: %p', (price, band, expected) => {
    expect(inPriceBand(price, band)).toBe(expected);
  });
});

describe('search on name or description, case-insensitive', () => {
  it('matches either field, ignores case and surrounding spaces', () => {
    const ring = item({});
    expect(matchesSearch(ring, 'GOLDEN')).toBe(true);
    expect(matchesSearch(ring, '  avatar ')).toBe(true);
    expect(matchesSearch(ring, 'banner')).toBe(false);
    expect(matchesSearch(ring, '')).toBe(true);
  });
});

describe('filterItems', () => {
  const items = [
    item({ id: 'a', name: 'Rising Star Badge', description: 'A star', category: 'badges', price: 15 }),
    item({ id: 'b', name: 'Rose Ring', description: 'A soft rose ring', category: 'ring_colors', price: 45 }),
    item({ id: 'c', name: 'Golden Ring', category: 'ring_colors', price: 120 }),
    item({
      id: 'd',
      name: 'Ocean Depths Banner',
      description: 'Deep blues',
      category: 'banner_packs',
      price: 60,
    }),
  ];
  it('combines category, band and search', () => {
    expect(filterItems(items, NO_FILTER).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterItems(items, { ...NO_FILTER, category: 'ring_colors' }).map((i) => i.id)).toEqual([
      'b',
      'c',
    ]);
    expect(filterItems(items, { ...NO_FILTER, band: 'under50' }).map((i) => i.id)).toEqual(['a', 'b']);
    expect(filterItems(items, { ...NO_FILTER, band: '50to100' }).map((i) => i.id)).toEqual(['d']);
    expect(
      filterItems(items, { search: 'ring', category: 'ring_colors', band: 'over100' }).map((i) => i.id),
    ).toEqual(['c']);
    expect(filterItems(items, { ...NO_FILTER, search: 'nothing like it' })).toEqual([]);
  });
});

describe('purchase button (spec 001 §4, §5)', () => {
  it('is disabled when owned or when the balance is below the price', () => {
    expect(purchaseBlock(item({ is_owned: true }), 1_000_000_000)).toBe('owned');
    expect(purchaseBlock(item({ price: 120 }), 119_999_999)).toBe('insufficient');
    expect(purchaseBlock(item({ price: 120 }), 120_000_000)).toBeNull();
    expect(purchaseBlock(item({ price: 120 }), undefined)).toBeNull();
  });
});

describe('texts', () => {
  it('uses the server detail or the fallback, formats prices and category names', () => {
    const failure = new ApiError({ kind: 'response', status: 400, detail: 'Insufficient balance' });
    expect(marketplaceFailureMessage(failure, 'Failed to purchase item')).toBe('Insufficient balance');
    expect(marketplaceFailureMessage(new Error('x'), 'Failed to purchase item')).toBe(
      'Failed to purchase item',
    );
    expect(formatPrice(120)).toBe('120 AC');
    expect(formatPrice(12.5)).toBe('12.5 AC');
    expect(categoryLabel('ring_colors')).toBe('Ring Colors');
    expect(categoryLabel('badges', [{ id: 'badges', name: 'Badges!' }])).toBe('Badges!');
  });
});

describe('decorationOf (applied items change the profile)', () => {
  it('reads each category through its fixed list', () => {
    const decoration = decorationOf([
      { category: 'ring_colors', appearance: '#f59e0b', name: 'Golden Ring' },
      { category: 'color_schemes', appearance: '#f97316,#ec4899', name: 'Sunset Glow' },
      { category: 'banner_packs', appearance: '#0f172a,#7c3aed,#ec4899', name: 'Cosmic Nebula Banner' },
      { category: 'badges', appearance: '👑', name: 'Crown of Light Badge' },
      { category: 'profile_fonts', appearance: 'mono', name: 'Typewriter' },
      { category: 'profile_effects', appearance: 'sparkles', name: 'Sparkles' },
      { category: 'animations', appearance: 'float', name: 'Floating Calm' },
    ]);
    expect(decoration).toMatchObject({
      ringColor: '#f59e0b',
      scheme: ['#f97316', '#ec4899'],
      banner: ['#0f172a', '#7c3aed', '#ec4899'],
      badge: { emoji: '👑', name: 'Crown of Light Badge' },
      effect: 'sparkles',
      animation: 'float',
    });
    expect(decoration.font).toContain('monospace');
    expect(decoration.names).toHaveLength(7);
    expect(gradient(decoration.scheme!)).toBe('linear-gradient(135deg, #f97316, #ec4899)');
  });

  it('ignores anything outside the lists', () => {
    const decoration = decorationOf([
      { category: 'ring_colors', appearance: 'red; background: url(x)', name: 'Bad' },
      { category: 'profile_fonts', appearance: 'Comic Sans', name: 'Bad' },
      { category: 'banner_packs', appearance: '#000000', name: 'Bad' },
      { category: 'unknown', appearance: '#000000', name: 'Bad' },
    ]);
    expect(hasDecoration(decoration)).toBe(false);
  });
});

describe('distinct previews', () => {
  const item = (id: string, name: string, url: string) => ({
    id,
    name,
    category: 'animations',
    preview_image_url: url,
  });

  it('keeps a preview of its own and gives shared or missing ones generated artwork, each different', () => {
    const items = [
      item('1', 'Pulse Glow', 'data:shared'),
      item('2', 'Sparkle Trail', 'data:shared'),
      item('3', 'Wave Ring', ''),
      item('4', 'Golden Ring', 'data:own'),
    ];
    const previews = distinctPreviews(items);
    expect(previews.get('4')).toBe('data:own');
    const generated = ['1', '2', '3'].map((id) => previews.get(id)!);
    expect(generated.every((url) => url.startsWith('data:image/svg+xml'))).toBe(true);
    expect(new Set(generated).size).toBe(3);
    expect(decodeURIComponent(generated[0]!)).toContain('>PG</text>');
  });

  it('tells apart SVG previews that differ only in their <title>', () => {
    const svg = (title: string) =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg><rect/><title>${title}</title></svg>`)}`;
    const previews = distinctPreviews([
      item('1', 'Gentle Pulse', svg('Gentle Pulse')),
      item('2', 'Aurora Wave', svg('Aurora Wave')),
      item('3', 'Gold Ring', svg('Gold Ring').replace('rect', 'circle')),
    ]);
    expect(previews.get('1')).not.toBe(svg('Gentle Pulse'));
    expect(previews.get('1')).not.toBe(previews.get('2'));
    expect(previews.get('3')).toBe(svg('Gold Ring').replace('rect', 'circle'));
  });

  it('generates the same artwork for the same item every time', () => {
    expect(generatedPreview({ name: 'Pulse Glow', category: 'animations' })).toBe(
      generatedPreview({ name: 'Pulse Glow', category: 'animations' }),
    );
  });
});
