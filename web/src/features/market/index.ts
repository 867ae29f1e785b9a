// The market feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { marketApi } from './api';
export { useCoinMarket } from './hooks/useCoinMarket';
export { changeTone, formatChange } from './market';
