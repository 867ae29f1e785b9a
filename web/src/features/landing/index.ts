// The landing feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { AuraMark } from './components/AuraMark';
