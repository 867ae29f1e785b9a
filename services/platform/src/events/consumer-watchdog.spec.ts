import { ConsumerLiveness } from './consumer-watchdog';

const limits = { stallMs: 60_000, hungHandlerMs: 360_000 };

describe('a consumer the watchdog looks after', () => {
  it('is alive while it fetches, even when no event arrives', () => {
    const liveness = new ConsumerLiveness(0);
    for (let now = 250; now <= 300_000; now += 250) {
      liveness.progressed(now);
      expect(liveness.stalled(now, limits)).toBe(false);
    }
  });

  it('is stalled after a minute without a fetch and with no handler running', () => {
    const liveness = new ConsumerLiveness(0);
    liveness.progressed(1_000);
    expect(liveness.stalled(60_999, limits)).toBe(false);
    expect(liveness.stalled(61_000, limits)).toBe(true);
  });

  it('is not stalled while a handler waits out an outage, until the handler has run too long', () => {
    const liveness = new ConsumerLiveness(0);
    liveness.handlerStarted(1_000);
    expect(liveness.stalled(200_000, limits)).toBe(false);
    expect(liveness.stalled(360_999, limits)).toBe(false);
    expect(liveness.stalled(361_000, limits)).toBe(true);
  });

  it('counts a finished handler as progress and forgets it', () => {
    const liveness = new ConsumerLiveness(0);
    const first = liveness.handlerStarted(1_000);
    const second = liveness.handlerStarted(2_000);
    liveness.handlerFinished(first, 100_000);
    expect(liveness.stalled(159_999, limits)).toBe(false);
    // The second handler still explains the silence until it has run past the limit.
    expect(liveness.stalled(300_000, limits)).toBe(false);
    liveness.handlerFinished(second, 300_000);
    expect(liveness.stalled(359_999, limits)).toBe(false);
    expect(liveness.stalled(360_000, limits)).toBe(true);
  });
});
