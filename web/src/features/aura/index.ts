// The aura feature's public surface: what other features import (ESLint: features meet only through index.ts).
export {
  AURA_SCORE_MAX,
  auraLevel,
  auraPercent,
  auraTier,
  exploreAuraColor,
  isHighlightedAura,
} from './aura-level';
