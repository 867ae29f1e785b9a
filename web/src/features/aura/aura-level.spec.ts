import { auraLevel, auraPercent, auraTier, exploreAuraColor, isHighlightedAura } from './aura-level';

describe('aura levels (spec 000 §2)', () => {
  it.each([
    [0, 'Starter Aura'],
    [299, 'Starter Aura'],
    [300, 'Rising Aura'],
    [499, 'Rising Aura'],
    [500, 'Empowered Aura'],
    [699, 'Empowered Aura'],
    [700, 'Radiant Aura'],
    [899, 'Radiant Aura'],
    [900, 'Cosmic Aura'],
    [1000, 'Cosmic Aura'],
  ])('%i is %s', (score, name) => {
    expect(auraLevel(score)).toBe(name);
  });

  it('fills the bar by score out of 1000', () => {
    expect(auraPercent(100)).toBe(10);
    expect(auraPercent(1000)).toBe(100);
    expect(auraPercent(1200)).toBe(100);
    expect(auraPercent(-5)).toBe(0);
  });

  it('ring tiers: 900, 700, 500, 300; the landing preview uses 900, 700, 500', () => {
    expect(auraTier(950)).toBe('cosmic');
    expect(auraTier(300)).toBe('rising');
    expect(auraTier(299)).toBe('starter');
    expect(auraTier(300, [900, 700, 500])).toBe('starter');
  });
});

describe('feed ring tiers and thresholds (spec 000 §2, §9; 001 §6)', () => {
  it.each([
    [1000, 'cosmic'],
    [900, 'cosmic'],
    [899, 'radiant'],
    [700, 'radiant'],
    [699, 'empowered'],
    [500, 'empowered'],
    [499, 'rising'],
    [300, 'rising'],
    [0, 'starter'],
  ])('feed ring of %i is %s', (score, tier) => {
    expect(auraTier(score)).toBe(tier);
  });

  it.each([
    [900, 'cosmic'],
    [700, 'radiant'],
    [500, 'empowered'],
    [499, 'starter'],
  ])('landing preview ring of %i is %s', (score, tier) => {
    expect(auraTier(score, [900, 700, 500])).toBe(tier);
  });

  it.each([
    [1000, 'bright'],
    [700, 'bright'],
    [699, 'warm'],
    [400, 'warm'],
    [399, 'mild'],
    [200, 'mild'],
    [199, 'dim'],
    [0, 'dim'],
  ])('explore colour of %i is %s', (score, color) => {
    expect(exploreAuraColor(score)).toBe(color);
  });

  it('highlights comments from 700', () => {
    expect(isHighlightedAura(700)).toBe(true);
    expect(isHighlightedAura(699)).toBe(false);
  });
});
