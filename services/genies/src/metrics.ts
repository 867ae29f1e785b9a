import { LazyCounter } from '@aura/platform';

// Business counters of genies, counted where the change committed (a replayed request is not counted
// again). Prometheus names: aura_genie_bottles_bought_total, aura_genie_reveals_total{rarity},
// aura_genie_earnings_claimed_micro_total, aura_genie_sends_total.
export const bottlesBought = new LazyCounter('aura.genie.bottles_bought', {
  description: 'Genie bottles bought.',
});
export const reveals = new LazyCounter('aura.genie.reveals', { description: 'Bottles revealed, by rarity.' });
export const earningsClaimedMicro = new LazyCounter('aura.genie.earnings_claimed.micro', {
  description: 'Micro-AC of genie earnings claimed.',
});
export const genieSends = new LazyCounter('aura.genie.sends', { description: 'Genies sent as gifts.' });

/** Makes every series exist (at 0) from the start. */
export function touchGenieCounters(): void {
  for (const counter of [bottlesBought, earningsClaimedMicro, genieSends]) counter.touch();
}
