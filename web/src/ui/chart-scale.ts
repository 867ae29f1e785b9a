// Axis arithmetic for the app's small SVG charts. Pure module: unit-tested under node.

/** "Nice" round ticks from 0 (or below) to at least `max`: 0, 5, 10, 15 … */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const low = Math.min(0, min);
  const high = Math.max(max, low + 1);
  const rough = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const first = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick < high + step - 1e-9; tick += step) ticks.push(Number(tick.toFixed(10)));
  return ticks;
}

/** Which of `count` labels to print so that about `room` fit: every nth, always the last. */
export function labelEvery(count: number, room: number): (index: number) => boolean {
  const every = Math.max(1, Math.ceil(count / Math.max(1, room)));
  return (index) => index === count - 1 || (count - 1 - index) % every === 0;
}
