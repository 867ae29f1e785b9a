import { makePost } from '../posts/fixtures';
import { createStoryClock, liveStories, STORY_DURATION_MS, STORY_PREVIEW_MAX } from './story-clock';

describe('story clock (spec 000 §4, §9)', () => {
  let time = 0;
  const now = () => time;
  beforeEach(() => {
    time = 1_000;
  });

  it('runs 5 seconds', () => {
    expect(STORY_DURATION_MS).toBe(5000);
    expect(STORY_PREVIEW_MAX).toBe(100);
    const clock = createStoryClock(STORY_DURATION_MS, now);
    clock.resume();
    time += 2_000;
    expect(clock.progress()).toBeCloseTo(0.4);
    expect(clock.remaining()).toBe(3_000);
    time += 4_000;
    expect(clock.progress()).toBe(1);
    expect(clock.remaining()).toBe(0);
  });

  it('stands still while paused and goes on from there on play', () => {
    const clock = createStoryClock(5_000, now);
    clock.resume();
    time += 1_000;
    clock.pause();
    expect(clock.running).toBe(false);
    time += 10_000;
    expect(clock.elapsed()).toBe(1_000);
    clock.resume();
    clock.resume(); // twice is once
    time += 1_500;
    expect(clock.elapsed()).toBe(2_500);
    expect(clock.remaining()).toBe(2_500);
  });

  it('starts at zero before it runs', () => {
    const clock = createStoryClock(5_000, now);
    time += 3_000;
    expect(clock.progress()).toBe(0);
    clock.pause();
    expect(clock.elapsed()).toBe(0);
  });
});

describe('liveStories', () => {
  const story = (id: string, expires_at: string | null) =>
    makePost({ id, is_story: true, created_at: '2026-03-12T07:00:00.000Z', expires_at });

  it('drops stories past their 5 hours', () => {
    const now = Date.parse('2026-03-12T12:00:00.000Z');
    const list = [
      story('a', '2026-03-12T12:00:01.000Z'),
      story('b', '2026-03-12T11:59:59.000Z'),
      story('c', null),
    ];
    expect(liveStories(list, now).map((s) => s.id)).toEqual(['a', 'c']);
  });
});
