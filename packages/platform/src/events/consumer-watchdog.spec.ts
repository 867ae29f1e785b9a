import { ConsumerLiveness } from './consumer-watchdog';

const limits = { stallMs: 60_000, hungHandlerMs: 360_000 };
const TOPIC = 'aura.social.content';

describe('a consumer the watchdog looks after', () => {
  it('is alive on a quiet topic: its partitions are caught up, whoever else is behind', () => {
    const liveness = new ConsumerLiveness();
    liveness.joined({ [TOPIC]: [0, 1] });
    for (let now = 15_000; now <= 300_000; now += 15_000) {
      liveness.sampled(
        [
          { topic: TOPIC, partition: 0, lag: 0 },
          { topic: TOPIC, partition: 1, lag: 0 },
          // Another member's partition: not this consumer's to read.
          { topic: TOPIC, partition: 2, lag: 40 },
        ],
        now,
      );
      expect(liveness.stalled(now, limits)).toBe(false);
    }
  });

  it('is not judged without samples (Kafka itself down): silence is no evidence', () => {
    const liveness = new ConsumerLiveness();
    liveness.joined({ [TOPIC]: [0] });
    expect(liveness.stalled(600_000, limits)).toBe(false);
  });

  it('is stalled when samples keep finding events on its partitions for a minute and none reaches it', () => {
    const liveness = new ConsumerLiveness();
    liveness.joined({ [TOPIC]: [0, 1] });
    liveness.sampled([{ topic: TOPIC, partition: 1, lag: 2_000 }], 30_000);
    liveness.sampled([{ topic: TOPIC, partition: 1, lag: 2_100 }], 45_000);
    expect(liveness.stalled(89_999, limits)).toBe(false);
    expect(liveness.stalled(90_000, limits)).toBe(true);
  });

  it('is alive while events reach it, however far behind it is', () => {
    const liveness = new ConsumerLiveness();
    liveness.joined({ [TOPIC]: [0] });
    for (let now = 15_000; now <= 300_000; now += 15_000) {
      liveness.sampled([{ topic: TOPIC, partition: 0, lag: 5_000 }], now);
      liveness.progressed();
      expect(liveness.stalled(now + 14_999, limits)).toBe(false);
    }
  });

  it('is alive without partitions (the group gave them to other members)', () => {
    const liveness = new ConsumerLiveness();
    liveness.joined({});
    liveness.sampled([{ topic: TOPIC, partition: 0, lag: 500 }], 0);
    expect(liveness.stalled(300_000, limits)).toBe(false);
  });

  it('before its first join, counts any lag of its group', () => {
    const liveness = new ConsumerLiveness();
    liveness.sampled([{ topic: TOPIC, partition: 2, lag: 10 }], 0);
    expect(liveness.stalled(60_000, limits)).toBe(true);
  });

  it('is not stalled while a handler waits out an outage, until the handler has run too long', () => {
    const liveness = new ConsumerLiveness();
    liveness.joined({ [TOPIC]: [0] });
    liveness.handlerStarted(1_000);
    liveness.sampled([{ topic: TOPIC, partition: 0, lag: 50 }], 15_000);
    expect(liveness.stalled(200_000, limits)).toBe(false);
    expect(liveness.stalled(360_999, limits)).toBe(false);
    expect(liveness.stalled(361_000, limits)).toBe(true);
  });

  it('counts a finished handler as progress', () => {
    const liveness = new ConsumerLiveness();
    liveness.joined({ [TOPIC]: [0] });
    const handling = liveness.handlerStarted(0);
    liveness.sampled([{ topic: TOPIC, partition: 0, lag: 50 }], 15_000);
    liveness.handlerFinished(handling);
    expect(liveness.stalled(100_000, limits)).toBe(false);
  });
});
