import { ConsumerLiveness } from './consumer-watchdog';

const limits = { stallMs: 60_000, hungHandlerMs: 360_000 };

describe('a consumer the watchdog looks after', () => {
  it('is alive on a quiet topic while the lag samples find its partitions caught up', () => {
    const liveness = new ConsumerLiveness(0);
    liveness.joined({ 'aura.social.content': [0, 1] }, 0);
    for (let now = 15_000; now <= 300_000; now += 15_000) {
      liveness.sampled(
        [
          { topic: 'aura.social.content', partition: 0, lag: 0 },
          { topic: 'aura.social.content', partition: 1, lag: 0 },
          // Another member's partition: not this consumer's to read.
          { topic: 'aura.social.content', partition: 2, lag: 40 },
        ],
        now,
      );
      expect(liveness.stalled(now, limits)).toBe(false);
    }
  });

  it('is stalled when its own partitions have events left and none reached it for a minute', () => {
    const liveness = new ConsumerLiveness(0);
    liveness.joined({ 'aura.social.content': [0, 1] }, 0);
    liveness.progressed(10_000);
    liveness.sampled([{ topic: 'aura.social.content', partition: 1, lag: 2_000 }], 30_000);
    expect(liveness.stalled(69_999, limits)).toBe(false);
    expect(liveness.stalled(70_000, limits)).toBe(true);
  });

  it('is alive without partitions (the group gave them to other members)', () => {
    const liveness = new ConsumerLiveness(0);
    liveness.joined({}, 0);
    liveness.sampled([{ topic: 'aura.social.content', partition: 0, lag: 500 }], 50_000);
    expect(liveness.stalled(100_000, limits)).toBe(false);
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
