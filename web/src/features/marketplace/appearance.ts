// What the items a member applied do to their profile (ring, effects, badge, font, colours, banner
// pack, animation). The server's `appearance` is read through fixed lists and a strict colour pattern,
// so nothing from the catalogue reaches a style unchecked. Pure module (no DOM).
import type { MarketplaceItem } from './types';

const COLOUR = /^#[0-9a-f]{6}$/i;
const FONTS: Record<string, string> = {
  serif: "Georgia, 'Times New Roman', serif",
  mono: "'Courier New', Courier, monospace",
  display: "Impact, 'Arial Black', sans-serif",
  script: "'Brush Script MT', 'Segoe Script', cursive",
};
const EFFECTS = new Set(['glow', 'sparkles', 'stardust', 'halo']);
const ANIMATIONS = new Set(['pulse', 'float', 'shimmer', 'orbit']);

export interface ProfileDecoration {
  ringColor?: string;
  /** Accent gradient colours (color_schemes). */
  scheme?: string[];
  /** Banner gradient colours (banner_packs). */
  banner?: string[];
  badge?: { emoji: string; name: string };
  font?: string;
  effect?: string;
  animation?: string;
  /** The names of the applied items, for a text alternative. */
  names: string[];
}

const colours = (text: string) => {
  const list = text.split(',').map((c) => c.trim());
  return list.length >= 2 && list.length <= 4 && list.every((c) => COLOUR.test(c)) ? list : undefined;
};

/** The decoration of a profile from its applied items (one per category; later ones ignored). */
export function decorationOf(
  items: readonly Pick<MarketplaceItem, 'category' | 'appearance' | 'name'>[],
): ProfileDecoration {
  const decoration: ProfileDecoration = { names: [] };
  for (const item of items) {
    const value = item.appearance.trim();
    let used = true;
    switch (item.category) {
      case 'ring_colors':
        if (COLOUR.test(value)) decoration.ringColor ??= value;
        else used = false;
        break;
      case 'color_schemes':
        decoration.scheme ??= colours(value);
        used = Boolean(colours(value));
        break;
      case 'banner_packs':
        decoration.banner ??= colours(value);
        used = Boolean(colours(value));
        break;
      case 'badges':
        if (value && [...value].length <= 4) decoration.badge ??= { emoji: value, name: item.name };
        else used = false;
        break;
      case 'profile_fonts':
        if (FONTS[value]) decoration.font ??= FONTS[value];
        else used = false;
        break;
      case 'profile_effects':
        if (EFFECTS.has(value)) decoration.effect ??= value;
        else used = false;
        break;
      case 'animations':
        if (ANIMATIONS.has(value)) decoration.animation ??= value;
        else used = false;
        break;
      default:
        used = false;
    }
    if (used) decoration.names.push(item.name);
  }
  return decoration;
}

export const hasDecoration = (decoration: ProfileDecoration) => decoration.names.length > 0;

/** A CSS linear gradient of checked colours. */
export const gradient = (list: readonly string[], angle = 135) =>
  `linear-gradient(${angle}deg, ${list.join(', ')})`;
