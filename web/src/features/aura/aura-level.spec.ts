import { auraLevel, auraPercent, auraTier } from './aura-level';

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
