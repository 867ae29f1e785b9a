// The profile audio player (spec 000 §4 "Profile audio"): plays the member's YouTube link through the
// embedded YouTube player (driven over postMessage), with pause and play. For SuperAura members it loops
// at volume 0.3 and starts after 1 second; when the browser blocks autoplay the member can press Play.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Icon } from '../../../ui/icons';
import { audioPlan, playerCommand, playerVolume } from '../../profile';
import styles from './MemberProfileDialog.module.css';

export function ProfileAudioPlayer({
  link,
  isSuperAura,
  owner,
}: {
  link: string | null | undefined;
  isSuperAura: boolean;
  /** Whose music it is, for the accessible names. */
  owner: string;
}) {
  const plan = audioPlan(link, isSuperAura, typeof window === 'undefined' ? '' : window.location.origin);
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);

  const send = (command: string) => frame.current?.contentWindow?.postMessage(command, '*');
  const play = () => {
    if (plan?.volume != null) send(playerCommand('setVolume', [playerVolume(plan.volume)]));
    send(playerCommand('playVideo'));
    setPlaying(true);
  };
  const pause = () => {
    send(playerCommand('pauseVideo'));
    setPlaying(false);
  };

  const autoPlay = useEffectEvent(play);
  const delay = plan?.startDelayMs;

  // Auto-play once the player has loaded: after 1 s for SuperAura members, at once for others.
  useEffect(() => {
    if (delay === undefined || !ready) return;
    const timer = setTimeout(() => autoPlay(), delay);
    return () => clearTimeout(timer);
  }, [ready, delay]);

  if (!plan) return null;
  return (
    <div
      className={styles.audio}
      role="group"
      aria-label={`${owner}'s profile music`}
      data-playing={playing || undefined}
    >
      <iframe
        ref={frame}
        className={styles.audioFrame}
        src={plan.embedUrl}
        title={`${owner}'s profile music player`}
        allow="autoplay; encrypted-media"
        onLoad={() => setReady(true)}
      />
      <button
        type="button"
        className="icon-btn"
        onClick={playing ? pause : play}
        aria-label={playing ? 'Pause profile music' : 'Play profile music'}
      >
        <Icon name={playing ? 'pause' : 'play'} size={16} />
      </button>
      <span className={styles.audioText}>{isSuperAura ? 'Profile music · looped' : 'Profile music'}</span>
    </div>
  );
}
