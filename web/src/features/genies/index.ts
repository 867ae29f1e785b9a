// The genies feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { GeniesSection } from './components/GeniesSection';
export { MemberFeaturedGenie } from './components/MemberFeaturedGenie';
