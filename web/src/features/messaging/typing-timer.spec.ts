import { TYPING_RENEW_MS, TYPING_STOP_MS, TypingTimer, type TypingClock } from './typing-timer';

/** A clock whose time and timers move only when the test says so. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: TypingClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > now) continue;
      timers.delete(id);
      timer.run();
    }
  };
  return { clock, advance };
}

function setup() {
  const { clock, advance } = fakeClock();
  const events: boolean[] = [];
  const timer = new TypingTimer((typing) => events.push(typing), clock);
  return { timer, events, advance };
}

describe('typing (spec 000 §4, §9: stop delay 2000 ms)', () => {
  it('starts on the first keystroke only, and stops after 2 s without one', () => {
    const { timer, events, advance } = setup();
    timer.input('h');
    timer.input('he');
    advance(TYPING_STOP_MS - 1);
    timer.input('hey');
    expect(events).toEqual([true]);
    advance(TYPING_STOP_MS - 1);
    expect(events).toEqual([true]);
    advance(1);
    expect(events).toEqual([true, false]);
    expect(timer.isTyping).toBe(false);
  });

  it('stops on empty input, on blur or send, once', () => {
    const { timer, events } = setup();
    timer.input('a');
    timer.input('');
    expect(events).toEqual([true, false]);
    timer.input('b');
    timer.stop();
    timer.stop();
    expect(events).toEqual([true, false, true, false]);
  });

  it('whitespace alone is empty input', () => {
    const { timer, events } = setup();
    timer.input('   ');
    expect(events).toEqual([]);
  });

  it('renews the start while typing goes on (the server forgets after 5 s)', () => {
    const { timer, events, advance } = setup();
    timer.input('a');
    for (let t = 0; t < TYPING_RENEW_MS; t += 500) {
      advance(500);
      timer.input(`a${t}`);
    }
    expect(events).toEqual([true, true]);
    expect(TYPING_RENEW_MS).toBeLessThan(5000);
  });

  it('does not stop later after an explicit stop', () => {
    const { timer, events, advance } = setup();
    timer.input('a');
    timer.stop();
    advance(TYPING_STOP_MS * 2);
    expect(events).toEqual([true, false]);
  });
});
