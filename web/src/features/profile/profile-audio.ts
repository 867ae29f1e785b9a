// Spec 000 §4 "Profile audio": a profile with a YouTube link auto-plays it (video id taken from the link),
// with pause and play; for SuperAura members the music loops at volume 0.3 and starts after 1 second
// unless the browser blocks it (§9: volume 0.3, start delay 1 second). Pure module: unit-tested under node.
import { youtubeVideoId } from './profile-form';

export const MUSIC_VOLUME = 0.3;
export const MUSIC_START_DELAY_MS = 1000;

export interface AudioPlan {
  videoId: string;
  /** The embedded YouTube player (its JS API drives play, pause and volume through postMessage). */
  embedUrl: string;
  loop: boolean;
  /** 0–1; null leaves the player's own volume. */
  volume: number | null;
  /** Milliseconds before the first play. */
  startDelayMs: number;
}

export function audioPlan(
  link: string | null | undefined,
  isSuperAura: boolean,
  origin = '',
): AudioPlan | null {
  const videoId = youtubeVideoId(link ?? '');
  if (!videoId) return null;
  const query = new URLSearchParams({ enablejsapi: '1', controls: '0', playsinline: '1', autoplay: '0' });
  if (isSuperAura) {
    query.set('loop', '1');
    query.set('playlist', videoId); // a single video loops only as its own playlist
  }
  if (origin) query.set('origin', origin);
  return {
    videoId,
    embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}?${query.toString()}`,
    loop: isSuperAura,
    volume: isSuperAura ? MUSIC_VOLUME : null,
    startDelayMs: isSuperAura ? MUSIC_START_DELAY_MS : 0,
  };
}

/** A command of the YouTube iframe API, as the player expects it over postMessage. */
export const playerCommand = (func: 'playVideo' | 'pauseVideo' | 'setVolume', args: unknown[] = []) =>
  JSON.stringify({ event: 'command', func, args });

/** The iframe API takes the volume as 0–100. */
export const playerVolume = (volume: number) => Math.round(Math.min(1, Math.max(0, volume)) * 100);
