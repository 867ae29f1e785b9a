// Drives a story's 5-second countdown: progress for the bar, `onDone` when it runs out; `paused` holds it.
// A new `storyKey` starts over.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createStoryClock, STORY_DURATION_MS, type StoryClock } from '../story-clock';

const TICK_MS = 50;

export function useStoryTimer(storyKey: string, paused: boolean, onDone: () => void) {
  const [progress, setProgress] = useState(0);
  const clock = useRef<{ key: string; clock: StoryClock } | null>(null);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    if (clock.current?.key !== storyKey) {
      clock.current = { key: storyKey, clock: createStoryClock(STORY_DURATION_MS) };
    }
    const current = clock.current.clock;
    setProgress(current.progress());
    if (paused) return undefined;
    current.resume();
    const timer = setTimeout(() => done(), current.remaining());
    const ticker = setInterval(() => setProgress(current.progress()), TICK_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(ticker);
      current.pause();
    };
  }, [storyKey, paused]);

  return progress;
}
