// The moderation feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { ReportMenu } from './components/ReportMenu';
export { RestrictionBanner } from './components/RestrictionBanner';
export { TARGET_NOUNS, refusalDetail } from './moderation';
