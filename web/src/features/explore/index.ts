// The explore feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { TrendingTagsCard } from './components/TrendingTagsCard';
export { useTopRising, useTopTipped } from './hooks/useExploreLists';
