// Stroke icons for media controls (24×24, currentColor), in the style of icons.tsx. Decorative: the
// control that holds one carries the accessible name.
import type { SVGProps } from 'react';
import { StrokeIcon } from './icons';

export type MediaIconName =
  'photo' | 'video' | 'audio' | 'mic' | 'stop' | 'upload' | 'trash' | 'check' | 'retry' | 'broken' | 'alert';

const PATHS: Record<MediaIconName, string[]> = {
  photo: ['M4 6h16v12H4Z', 'm4 16 5-5 4 4 2-2 5 5', 'M15.5 9.5h.01'],
  video: ['M4 7h11v10H4Z', 'm15 10 5-3v10l-5-3'],
  audio: [
    'M9 18V6l10-2v12',
    'M9 18a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Z',
    'M19 16a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Z',
  ],
  mic: ['M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Z', 'M5 11a7 7 0 0 0 14 0', 'M12 18v3'],
  stop: ['M7 7h10v10H7Z'],
  upload: ['M12 16V4', 'm7 9 5-5 5 5', 'M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3'],
  trash: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13', 'M10 11v6', 'M14 11v6'],
  check: ['m5 12 5 5 9-10'],
  retry: ['M20 11a8 8 0 1 0-2.3 5.7', 'M20 5v6h-6'],
  broken: ['M4 6h16v12H4Z', 'm4 16 5-5 3 3', 'm14 12 6 6', 'M3 3l18 18'],
  alert: ['M12 3 2 20h20Z', 'M12 10v4', 'M12 17h.01'],
};

export function MediaIcon({
  name,
  size = 18,
  ...rest
}: { name: MediaIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <StrokeIcon paths={PATHS[name]} size={size} {...rest} />;
}
