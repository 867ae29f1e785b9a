// The admin feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { Badge, ErrorLine, formatDate } from './components/parts';
