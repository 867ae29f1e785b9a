// How a signed-in device is named on the Devices screen: the browser and system its User-Agent names
// ("Chrome on Windows", "Safari on iPhone"). Pure module: unit-tested under node.

export interface DeviceName {
  /** "Chrome on Windows"; "Unknown device" when the browser did not say. */
  label: string;
  /** A phone or tablet, for the icon. */
  mobile: boolean;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPads may say "Macintosh".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (rules: [RegExp, string][], text: string) => rules.find(([pattern]) => pattern.test(text))?.[1];

export function describeDevice(userAgent: string): DeviceName {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  const mobile = /iPhone|iPad|Android|Mobile/.test(userAgent);
  if (browser && system) return { label: `${browser} on ${system}`, mobile };
  if (browser || system) return { label: (browser ?? system)!, mobile };
  return { label: 'Unknown device', mobile };
}
