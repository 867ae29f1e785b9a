// Small stroke icons (24×24, currentColor). Decorative: the button that holds one carries the name.
import type { SVGProps } from 'react';

export type IconName =
  | 'menu'
  | 'search'
  | 'messages'
  | 'genie'
  | 'chart'
  | 'bell'
  | 'shield'
  | 'home'
  | 'compass'
  | 'plus'
  | 'store'
  | 'user'
  | 'wallet'
  | 'help'
  | 'logout'
  | 'close'
  | 'users'
  | 'pulse'
  | 'coin'
  | 'posts'
  | 'heart'
  | 'arrow-left'
  | 'sparkle'
  | 'comment'
  | 'play'
  | 'pause'
  | 'send'
  | 'hash'
  | 'trending'
  | 'trophy'
  | 'image'
  | 'chevron-left'
  | 'chevron-right'
  | 'phone'
  | 'smartphone'
  | 'laptop'
  | 'video'
  | 'clock'
  | 'double-tick'
  | 'paperclip'
  | 'smile'
  | 'block'
  | 'check'
  | 'undo'
  | 'sort'
  | 'key'
  | 'mail'
  | 'more'
  | 'flag'
  | 'download'
  | 'bookmark'
  | 'share'
  | 'eye-off'
  | 'edit'
  | 'trash';

const PATHS: Record<IconName, string[]> = {
  menu: ['M4 7h16', 'M4 12h16', 'M4 17h10'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z', 'm20 20-3.5-3.5'],
  messages: ['M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z'],
  genie: [
    'M12 3c.6 2.6 2.4 4.4 5 5-2.6.6-4.4 2.4-5 5-.6-2.6-2.4-4.4-5-5 2.6-.6 4.4-2.4 5-5Z',
    'M18 15l.8 2.2L21 18l-2.2.8L18 21l-.8-2.2L15 18l2.2-.8Z',
    'M6 14l.5 1.5L8 16l-1.5.5L6 18l-.5-1.5L4 16l1.5-.5Z',
  ],
  chart: ['M4 19V5', 'M4 19h16', 'm7 14 4-4 3 3 5-6'],
  bell: ['M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15Z', 'M10 20a2 2 0 0 0 4 0'],
  shield: ['M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6Z', 'm9 12 2 2 4-4'],
  home: ['M4 11 12 4l8 7', 'M6 10v10h12V10'],
  compass: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'm15.5 8.5-2 5-5 2 2-5Z'],
  plus: ['M12 5v14', 'M5 12h14'],
  store: ['M4 9h16l-1-4H5Z', 'M5 9v10h14V9', 'M10 19v-5h4v5'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5'],
  wallet: ['M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4Z', 'M4 7V6a2 2 0 0 1 2-2h10', 'M16 13.5h.01'],
  help: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
    'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6',
    'M12 17h.01',
  ],
  logout: ['M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3', 'M10 16l-4-4 4-4', 'M6 12h10'],
  close: ['M6 6l12 12', 'M18 6 6 18'],
  users: [
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z',
    'M2.5 20c1-3.2 3.5-5 6.5-5s5.5 1.8 6.5 5',
    'M16 4.5a3.5 3.5 0 0 1 0 6.5',
    'M18 15c1.7.7 3 2.4 3.5 5',
  ],
  pulse: ['M3 12h4l2-5 4 10 2-5h6'],
  coin: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
    'M14.5 9.5c-.5-1-1.4-1.5-2.5-1.5-1.5 0-2.5.8-2.5 2s1 1.6 2.5 2 2.5.8 2.5 2-1 2-2.5 2c-1.1 0-2-.5-2.5-1.5',
    'M12 6.5v1.5',
    'M12 16v1.5',
  ],
  posts: ['M5 4h14v16H5Z', 'M8 8h8', 'M8 12h8', 'M8 16h5'],
  heart: ['M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z'],
  'arrow-left': ['M19 12H5', 'm11 6-6 6 6 6'],
  sparkle: ['M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8Z'],
  comment: ['M20 15a2 2 0 0 1-2 2H8l-4 3V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2Z'],
  play: ['M8 5v14l11-7Z'],
  pause: ['M8 5v14', 'M16 5v14'],
  send: ['M21 3 10 14', 'M21 3l-7 18-4-7-7-4Z'],
  hash: ['M5 9h15', 'M4 15h15', 'M10 3 8 21', 'M16 3l-2 18'],
  trending: ['m3 17 6-6 4 4 8-8', 'M15 7h6v6'],
  trophy: [
    'M8 21h8',
    'M12 17v4',
    'M7 4h10v5a5 5 0 0 1-10 0Z',
    'M17 5h3v2a3 3 0 0 1-3 3',
    'M7 5H4v2a3 3 0 0 0 3 3',
  ],
  image: ['M4 5h16v14H4Z', 'm4 16 5-5 4 4 3-3 4 4', 'M15 9h.01'],
  'chevron-left': ['m15 6-6 6 6 6'],
  'chevron-right': ['m9 6 6 6-6 6'],
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z'],
  smartphone: ['M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Z', 'M11 18h2'],
  laptop: ['M5 5h14a1 1 0 0 1 1 1v9H4V6a1 1 0 0 1 1-1Z', 'M2 19h20l-2-4H4Z'],
  video: ['M3 7h12v10H3Z', 'm15 11 6-4v10l-6-4'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 7v5l3 2'],
  'double-tick': ['m2 13 4 4 8-9', 'm10 16 1 1 11-12'],
  paperclip: ['m20 11-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7'],
  smile: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M8.5 14a4.5 4.5 0 0 0 7 0', 'M9 9.5h.01', 'M15 9.5h.01'],
  block: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'm5.7 5.7 12.6 12.6'],
  check: ['m5 12 5 5 9-10'],
  undo: ['M9 14 4 9l5-5', 'M4 9h10a6 6 0 0 1 0 12h-3'],
  sort: ['m8 9 4-4 4 4', 'm8 15 4 4 4-4'],
  key: ['M7.5 20.5a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z', 'm11 12 9.5-9.5', 'm15.5 7.5 3 3', 'm18.5 4.5 2 2'],
  mail: ['M3 6h18v12H3Z', 'm3 7 9 6.5L21 7'],
  more: ['M5 12h.01', 'M12 12h.01', 'M19 12h.01'],
  flag: ['M5 21V4', 'M5 4h11l-2 4 2 4H5'],
  download: ['M12 4v11', 'm7 10 5 5 5-5', 'M5 20h14'],
  bookmark: ['M6 4h12v17l-6-4-6 4Z'],
  share: ['M12 15V3', 'm7 8 5-5 5 5', 'M5 13v7h14v-7'],
  edit: ['M4 20h4L19 9l-4-4L4 16Z', 'm13.5 6.5 4 4'],
  trash: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13', 'M10 11v6', 'M14 11v6'],
  'eye-off': [
    'M3 3l18 18',
    'M10.6 5.1A10 10 0 0 1 12 5c5 0 9 4.5 10 7a13 13 0 0 1-3 4.2',
    'M6.6 6.6C4.4 8 2.8 10.2 2 12c1 2.5 5 7 10 7a9.6 9.6 0 0 0 5.4-1.6',
    'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  ],
};

export function Icon({
  name,
  size = 20,
  ...rest
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <StrokeIcon paths={PATHS[name]} size={size} {...rest} />;
}

/** A decorative 24×24 stroke icon drawn in currentColor from its paths (Icon's and MediaIcon's). */
export function StrokeIcon({
  paths,
  size,
  ...rest
}: { paths: readonly string[]; size: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
