import type { Rarity } from '../rules/odds';

/** A genie of the catalogue as seeded (the id is derived from the slug, so it never changes). */
export interface CatalogueEntry {
  slug: string;
  name: string;
  description: string;
  rarity: Rarity;
  animationType: 'float' | 'pulse' | 'sparkle' | 'orbit' | 'shimmer' | 'cosmic';
  specialAbility?: string;
}

/**
 * The genies a bottle can reveal: original characters made for Aura, at least two of every rarity
 * (spec 001 §9 rates come from the rarity: 1/20/50/150/250/300 AC a day).
 */
export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    slug: 'pebble-wisp',
    name: 'Pebble Wisp',
    description: 'A shy little wisp that lives in river stones and hums when someone breathes slowly.',
    rarity: 'general',
    animationType: 'float',
  },
  {
    slug: 'dewdrop-sprite',
    name: 'Dewdrop Sprite',
    description: 'Collects the first dew of the morning and trades it for small, steady smiles.',
    rarity: 'general',
    animationType: 'float',
  },
  {
    slug: 'ember-puff',
    name: 'Ember Puff',
    description: 'A warm puff of smoke from a hearth lamp that keeps evening thoughts cosy.',
    rarity: 'general',
    animationType: 'pulse',
  },
  {
    slug: 'moss-whisper',
    name: 'Moss Whisper',
    description: 'Grows quietly on old lamps and whispers reminders to drink water and rest.',
    rarity: 'common',
    animationType: 'pulse',
  },
  {
    slug: 'tide-lantern',
    name: 'Tide Lantern',
    description: 'Glows with the rhythm of the sea, brightening a little with every calm breath.',
    rarity: 'common',
    animationType: 'float',
    specialAbility: 'Calm Current: a soft glow on its owner’s profile',
  },
  {
    slug: 'breeze-tinker',
    name: 'Breeze Tinker',
    description: 'Tinkers with wind chimes and leaves tiny notes of encouragement in the air.',
    rarity: 'common',
    animationType: 'sparkle',
  },
  {
    slug: 'saffron-djinn',
    name: 'Saffron Djinn',
    description: 'A spice-scented djinn who turns ordinary afternoons into small celebrations.',
    rarity: 'uncommon',
    animationType: 'sparkle',
    specialAbility: 'Golden Hour: warmth that lingers after a check-in',
  },
  {
    slug: 'lumen-fox',
    name: 'Lumen Fox',
    description: 'A fox of pale light that guides lost thoughts home through the fog.',
    rarity: 'uncommon',
    animationType: 'float',
  },
  {
    slug: 'aurora-warden',
    name: 'Aurora Warden',
    description: 'Keeps watch over the northern lights and paints them across its keeper’s dreams.',
    rarity: 'rare',
    animationType: 'shimmer',
    specialAbility: 'Polar Veil: an aurora shimmer around its portrait',
  },
  {
    slug: 'crystal-oracle',
    name: 'Crystal Oracle',
    description: 'Sees tomorrow in facets of quartz and always answers with a kind word.',
    rarity: 'rare',
    animationType: 'orbit',
  },
  {
    slug: 'solar-sovereign',
    name: 'Solar Sovereign',
    description: 'A radiant ruler born of a sunrise, generous to all who greet the day with gratitude.',
    rarity: 'legendary',
    animationType: 'orbit',
    specialAbility: 'Radiant Crown: a halo of sunlight on the featured card',
  },
  {
    slug: 'tempest-sage',
    name: 'Tempest Sage',
    description: 'An ancient sage who tamed a storm and now teaches stillness within it.',
    rarity: 'legendary',
    animationType: 'shimmer',
    specialAbility: 'Eye of the Storm: stays calm when everything spins',
  },
  {
    slug: 'nebula-weaver',
    name: 'Nebula Weaver',
    description: 'Weaves newborn stars from stardust and the wishes members send into the night.',
    rarity: 'cosmic',
    animationType: 'cosmic',
    specialAbility: 'Starloom: a drifting nebula behind its keeper’s genie',
  },
  {
    slug: 'eclipse-eternal',
    name: 'Eclipse Eternal',
    description: 'Exists where the sun and moon meet; seen by very few, remembered by all.',
    rarity: 'cosmic',
    animationType: 'cosmic',
    specialAbility: 'Totality: a corona that never fades',
  },
];
