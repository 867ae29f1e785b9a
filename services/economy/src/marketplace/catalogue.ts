import { uuidFrom } from '../ledger/ids';
import { MICRO_PER_AC } from '../money/micro';

/**
 * The marketplace catalogue (spec 001 §3, PRODUCT-DECISIONS.md "Genies and marketplace"): the union of
 * both readings of the categories, several items in each across the three price bands (under 50,
 * 50–100, over 100 AC). Seeded into `marketplace_items` at start (by stable id, so a restart changes
 * nothing it need not). `appearance` is what an applied item does to the profile; the web app turns it
 * into styles from a fixed list, so no catalogue text reaches a style sheet unchecked.
 */
export const CATEGORIES = [
  { id: 'animations', name: 'Animations' },
  { id: 'color_schemes', name: 'Color Schemes' },
  { id: 'banner_packs', name: 'Banner Packs' },
  { id: 'badges', name: 'Badges' },
  { id: 'profile_fonts', name: 'Profile Fonts' },
  { id: 'ring_colors', name: 'Ring Colors' },
  { id: 'profile_effects', name: 'Profile Effects' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];

/** Items above this price (AC) are premium. */
export const PREMIUM_ABOVE_AC = 100;

export interface CatalogueEntry {
  slug: string;
  name: string;
  description: string;
  category: CategoryId;
  priceAc: number;
  appearance: string;
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  // animations: the avatar moves (pulse, float, shimmer, orbit)
  {
    slug: 'gentle-pulse',
    name: 'Gentle Pulse',
    description: 'Your avatar breathes with a soft, calm pulse.',
    category: 'animations',
    priceAc: 20,
    appearance: 'pulse',
  },
  {
    slug: 'floating-calm',
    name: 'Floating Calm',
    description: 'Your avatar drifts up and down like a leaf on water.',
    category: 'animations',
    priceAc: 65,
    appearance: 'float',
  },
  {
    slug: 'aurora-shimmer',
    name: 'Aurora Shimmer',
    description: 'A shimmering light sweeps across your avatar.',
    category: 'animations',
    priceAc: 85,
    appearance: 'shimmer',
  },
  {
    slug: 'cosmic-orbit',
    name: 'Cosmic Orbit',
    description: 'A ring of light orbits your avatar without end.',
    category: 'animations',
    priceAc: 140,
    appearance: 'orbit',
  },
  // color_schemes: the profile header's accent gradient
  {
    slug: 'mint-breeze',
    name: 'Mint Breeze',
    description: 'Fresh mint greens for a calm, clear profile.',
    category: 'color_schemes',
    priceAc: 20,
    appearance: '#34d399,#a7f3d0',
  },
  {
    slug: 'sunset-glow',
    name: 'Sunset Glow',
    description: 'Warm orange fading into pink, like an evening sky.',
    category: 'color_schemes',
    priceAc: 40,
    appearance: '#f97316,#ec4899',
  },
  {
    slug: 'northern-lights',
    name: 'Northern Lights',
    description: 'Cyan and violet dancing like the aurora.',
    category: 'color_schemes',
    priceAc: 80,
    appearance: '#22d3ee,#a855f7',
  },
  {
    slug: 'midnight-royal',
    name: 'Midnight Royal',
    description: 'Deep royal blue and violet for a regal profile.',
    category: 'color_schemes',
    priceAc: 150,
    appearance: '#1e3a8a,#7c3aed',
  },
  // banner_packs: the banner area
  {
    slug: 'forest-dawn',
    name: 'Forest Dawn Banner',
    description: 'Morning light breaking through a green forest.',
    category: 'banner_packs',
    priceAc: 35,
    appearance: '#14532d,#65a30d,#fde68a',
  },
  {
    slug: 'ocean-depths',
    name: 'Ocean Depths Banner',
    description: 'The deep blues of a quiet ocean.',
    category: 'banner_packs',
    priceAc: 60,
    appearance: '#0c4a6e,#0891b2,#67e8f9',
  },
  {
    slug: 'aurora-sky',
    name: 'Aurora Sky Banner',
    description: 'Green and violet ribbons across a night sky.',
    category: 'banner_packs',
    priceAc: 95,
    appearance: '#064e3b,#10b981,#8b5cf6',
  },
  {
    slug: 'cosmic-nebula',
    name: 'Cosmic Nebula Banner',
    description: 'A swirling nebula of violet and rose.',
    category: 'banner_packs',
    priceAc: 130,
    appearance: '#0f172a,#7c3aed,#ec4899',
  },
  // badges: shown beside the name
  {
    slug: 'rising-star',
    name: 'Rising Star Badge',
    description: 'A star for members on their way up.',
    category: 'badges',
    priceAc: 15,
    appearance: '🌟',
  },
  {
    slug: 'zen-master',
    name: 'Zen Master Badge',
    description: 'For members who keep their calm.',
    category: 'badges',
    priceAc: 50,
    appearance: '🧘',
  },
  {
    slug: 'heart-of-gold',
    name: 'Heart of Gold Badge',
    description: 'For the kindest members of the community.',
    category: 'badges',
    priceAc: 70,
    appearance: '💛',
  },
  {
    slug: 'crown-of-light',
    name: 'Crown of Light Badge',
    description: 'A radiant crown for the brightest auras.',
    category: 'badges',
    priceAc: 200,
    appearance: '👑',
  },
  // profile_fonts: the display name's typeface
  {
    slug: 'elegant-serif',
    name: 'Elegant Serif',
    description: 'A classic serif typeface for your name.',
    category: 'profile_fonts',
    priceAc: 25,
    appearance: 'serif',
  },
  {
    slug: 'typewriter',
    name: 'Typewriter',
    description: 'Your name in a retro typewriter face.',
    category: 'profile_fonts',
    priceAc: 55,
    appearance: 'mono',
  },
  {
    slug: 'bold-display',
    name: 'Bold Display',
    description: 'A strong, wide display face that stands out.',
    category: 'profile_fonts',
    priceAc: 90,
    appearance: 'display',
  },
  {
    slug: 'handwritten-script',
    name: 'Handwritten Script',
    description: 'Your name in a flowing handwritten script.',
    category: 'profile_fonts',
    priceAc: 110,
    appearance: 'script',
  },
  // ring_colors: the avatar ring
  {
    slug: 'ocean-ring',
    name: 'Ocean Ring',
    description: 'A cool ocean-blue ring around your avatar.',
    category: 'ring_colors',
    priceAc: 30,
    appearance: '#0ea5e9',
  },
  {
    slug: 'rose-ring',
    name: 'Rose Ring',
    description: 'A soft rose ring around your avatar.',
    category: 'ring_colors',
    priceAc: 45,
    appearance: '#f43f5e',
  },
  {
    slug: 'emerald-ring',
    name: 'Emerald Ring',
    description: 'A deep emerald ring around your avatar.',
    category: 'ring_colors',
    priceAc: 75,
    appearance: '#10b981',
  },
  {
    slug: 'golden-ring',
    name: 'Golden Ring',
    description: 'A shining gold ring around your avatar.',
    category: 'ring_colors',
    priceAc: 120,
    appearance: '#f59e0b',
  },
  // profile_effects: light around the profile
  {
    slug: 'soft-glow',
    name: 'Soft Glow',
    description: 'A soft glow of light around your profile.',
    category: 'profile_effects',
    priceAc: 30,
    appearance: 'glow',
  },
  {
    slug: 'sparkles',
    name: 'Sparkles',
    description: 'Sparkles twinkle around your avatar.',
    category: 'profile_effects',
    priceAc: 60,
    appearance: 'sparkles',
  },
  {
    slug: 'stardust',
    name: 'Stardust',
    description: 'A trail of stardust drifts across your profile.',
    category: 'profile_effects',
    priceAc: 100,
    appearance: 'stardust',
  },
  {
    slug: 'radiant-halo',
    name: 'Radiant Halo',
    description: 'A radiant halo crowns your profile.',
    category: 'profile_effects',
    priceAc: 160,
    appearance: 'halo',
  },
];

export interface ItemDoc {
  _id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  price_micro: number;
  is_premium: boolean;
  appearance: string;
  preview_image_url: string;
  /** Catalogue order. */
  position: number;
}

export const itemIdOf = (slug: string): string => uuidFrom(`marketplace:item:${slug}`);

const ACCENT: Record<string, string> = {
  animations: '#8b5cf6',
  badges: '#f59e0b',
  profile_fonts: '#334155',
  profile_effects: '#6366f1',
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A small generated SVG of the item (original artwork), as a data URL. */
export function previewSvg(entry: Pick<CatalogueEntry, 'category' | 'appearance' | 'name'>): string {
  const colours = entry.appearance.startsWith('#')
    ? entry.appearance.split(',')
    : [ACCENT[entry.category] ?? '#8b5cf6'];
  const stops = (colours.length > 1 ? colours : [colours[0], '#ffffff'])
    .map((c, i, all) => `<stop offset="${Math.round((i / (all.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('');
  let figure: string;
  if (entry.category === 'ring_colors')
    figure = `<circle cx="60" cy="60" r="34" fill="#f8fafc" stroke="${colours[0]}" stroke-width="10"/>`;
  else if (entry.category === 'badges')
    figure = `<text x="60" y="78" font-size="52" text-anchor="middle">${escapeXml(entry.appearance)}</text>`;
  else if (entry.category === 'profile_fonts')
    figure = `<text x="60" y="76" font-size="44" text-anchor="middle" fill="#fff" font-family="${
      {
        serif: 'Georgia, serif',
        mono: 'Courier New, monospace',
        display: 'Impact, sans-serif',
        script: 'Brush Script MT, cursive',
      }[entry.appearance] ?? 'serif'
    }">Aa</text>`;
  else if (entry.category === 'profile_effects' || entry.category === 'animations')
    figure = `<circle cx="60" cy="60" r="26" fill="#fff" opacity="0.9"/><circle cx="60" cy="60" r="40" fill="none" stroke="#fff" stroke-dasharray="4 6" stroke-width="3"/>`;
  else figure = '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient></defs><rect width="120" height="120" rx="16" fill="url(#g)"/>${figure}<title>${escapeXml(entry.name)}</title></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The catalogue as stored documents. */
export function catalogueDocs(): ItemDoc[] {
  return CATALOGUE.map((entry, position) => ({
    _id: itemIdOf(entry.slug),
    slug: entry.slug,
    name: entry.name,
    description: entry.description,
    category: entry.category,
    price_micro: entry.priceAc * MICRO_PER_AC,
    is_premium: entry.priceAc > PREMIUM_ABOVE_AC,
    appearance: entry.appearance,
    preview_image_url: previewSvg(entry),
    position,
  }));
}
