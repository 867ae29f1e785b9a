// The superaura feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { superAuraApi } from './api';
export { SuperAuraCard } from './components/SuperAuraCard';
export { UpgradeSection } from './components/UpgradeSection';
