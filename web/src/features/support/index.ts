// The support feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { TicketCard } from './components/TicketCard';
