import { createHash } from 'node:crypto';
import { RARITIES, type Rarity } from '../rules/odds';
import type { CatalogueEntry } from './catalogue.data';

/** Colours of each rarity: light, deep, and the accent of the sparkles. */
const PALETTE: Readonly<Record<Rarity, [string, string, string]>> = {
  general: ['#cbd5e1', '#64748b', '#f1f5f9'],
  common: ['#6ee7b7', '#059669', '#d1fae5'],
  uncommon: ['#93c5fd', '#2563eb', '#dbeafe'],
  rare: ['#c4b5fd', '#7c3aed', '#ede9fe'],
  legendary: ['#fcd34d', '#d97706', '#fef3c7'],
  cosmic: ['#f9a8d4', '#4f46e5', '#fdf2f8'],
};

/** Deterministic numbers from the slug: the same genie is always drawn the same way. */
function traits(slug: string): number[] {
  return [...createHash('sha256').update(`aura-genie:${slug}`).digest()];
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The genie's portrait: an original, generated SVG (256×256) — a lamp, a curl of smoke rising into
 * the genie, a face, and sparkles that grow with rarity. No script, no external reference.
 */
export function genieSvg(entry: Pick<CatalogueEntry, 'slug' | 'name' | 'rarity'>): string {
  const t = traits(entry.slug);
  const [light, deep, accent] = PALETTE[entry.rarity];
  const tier = RARITIES.indexOf(entry.rarity);
  const sway = 18 + (t[0] % 26); // how far the smoke curls
  const side = t[1] % 2 === 0 ? 1 : -1;
  const headR = 34 + (t[2] % 10);
  const headY = 86 + (t[3] % 12);
  const eyeGap = 12 + (t[4] % 6);
  const eyeR = 4 + (t[5] % 3);
  const smile = 6 + (t[6] % 6);
  const hue = t[7] % 360;
  const sparkles = Array.from({ length: 2 + tier * 2 }, (_, i) => {
    const x = 24 + ((t[8 + i] * 7) % 208);
    const y = 18 + ((t[9 + i] * 5) % 150);
    const r = 2 + (t[10 + i] % (3 + tier));
    return `<path d="M${x} ${y - r * 2}L${x + r * 0.6} ${y - r * 0.6}L${x + r * 2} ${y}L${x + r * 0.6} ${y + r * 0.6}L${x} ${y + r * 2}L${x - r * 0.6} ${y + r * 0.6}L${x - r * 2} ${y}L${x - r * 0.6} ${y - r * 0.6}Z" fill="${accent}" opacity="0.9"/>`;
  }).join('');
  const smoke =
    `M128 196 C ${128 + side * sway} 176, ${128 - side * sway} 156, ${128 + side * (sway / 2)} ${headY + headR - 4}` +
    ` L ${128 - side * (sway / 3)} ${headY + headR - 2} C ${128 - side * sway * 1.3} 158, ${128 + side * sway * 1.2} 180, 114 198 Z`;
  const crown =
    tier >= 4
      ? `<path d="M${128 - 22} ${headY - headR + 4} L${128 - 14} ${headY - headR - 16} L128 ${headY - headR - 4} L${128 + 14} ${headY - headR - 16} L${128 + 22} ${headY - headR + 4} Z" fill="${accent}" stroke="${deep}" stroke-width="2"/>`
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${escape(entry.name)}">`,
    `<title>${escape(entry.name)}</title>`,
    '<defs>',
    `<radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0%" stop-color="${accent}"/><stop offset="100%" stop-color="${light}"/></radialGradient>`,
    `<linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${light}"/><stop offset="100%" stop-color="${deep}"/></linearGradient>`,
    '</defs>',
    `<rect width="256" height="256" rx="36" fill="url(#bg)"/>`,
    `<circle cx="128" cy="${headY}" r="${headR + 26}" fill="hsl(${hue} 80% 85%)" opacity="0.35"/>`,
    sparkles,
    `<path d="${smoke}" fill="url(#body)" opacity="0.92"/>`,
    `<circle cx="128" cy="${headY}" r="${headR}" fill="url(#body)" stroke="${deep}" stroke-width="3"/>`,
    crown,
    `<circle cx="${128 - eyeGap}" cy="${headY - 4}" r="${eyeR}" fill="#1e1b4b"/>`,
    `<circle cx="${128 + eyeGap}" cy="${headY - 4}" r="${eyeR}" fill="#1e1b4b"/>`,
    `<circle cx="${128 - eyeGap + 1.5}" cy="${headY - 5.5}" r="1.5" fill="#ffffff"/>`,
    `<circle cx="${128 + eyeGap + 1.5}" cy="${headY - 5.5}" r="1.5" fill="#ffffff"/>`,
    `<path d="M${128 - smile} ${headY + 10} Q128 ${headY + 10 + smile} ${128 + smile} ${headY + 10}" stroke="#1e1b4b" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="128" cy="214" rx="58" ry="12" fill="${deep}" opacity="0.35"/>`,
    `<path d="M82 200 Q128 232 174 200 L186 192 Q196 188 200 196 Q188 206 176 208 Q128 234 80 208 Z" fill="${deep}" stroke="#1e1b4b" stroke-width="2"/>`,
    `<path d="M98 198 Q128 186 158 198" stroke="${accent}" stroke-width="3" fill="none"/>`,
    '</svg>',
  ].join('');
}
