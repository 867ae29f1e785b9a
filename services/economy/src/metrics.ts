import { LazyCounter } from '@aura/platform';

// Business counters of the economy, counted where the ledger committed the move (a replayed request
// is not counted again). Prometheus names: aura_tips_total, aura_tips_micro_total,
// aura_transfers_total, aura_topups_total, aura_topups_micro_total.
export const tips = new LazyCounter('aura.tips', { description: 'Tips (Send Energy) paid.' });
export const tipsMicro = new LazyCounter('aura.tips.micro', { description: 'Micro-AC moved by tips.' });
export const transfers = new LazyCounter('aura.transfers', {
  description: 'Transfers (Send AuraCoins) between members.',
});
export const topups = new LazyCounter('aura.topups', { description: 'Card top-ups credited.' });
export const topupsMicro = new LazyCounter('aura.topups.micro', {
  description: 'Micro-AC credited by card top-ups.',
});

/** Makes every series exist (at 0) from the start, so rates and alerts see them before the first event. */
export function touchEconomyCounters(): void {
  for (const counter of [tips, tipsMicro, transfers, topups, topupsMicro]) counter.touch();
}
