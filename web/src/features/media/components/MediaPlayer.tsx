// A member's video or audio with the browser's own controls (shown in posts and messages, and as the
// uploader's preview).
export interface MediaPlayerProps {
  kind: 'video' | 'audio';
  src: string;
  /** The accessible name (what the media is, whose it is). */
  label?: string;
  className?: string;
  onLoadedMetadata?: () => void;
  onError?: () => void;
}

export function MediaPlayer({ kind, label, ...media }: MediaPlayerProps) {
  /* eslint-disable jsx-a11y/media-has-caption -- members upload media without captions: there is no track to offer */
  if (kind === 'video')
    return <video {...media} controls playsInline preload="metadata" aria-label={label} />;
  return <audio {...media} controls preload="metadata" aria-label={label} />;
  /* eslint-enable jsx-a11y/media-has-caption */
}
