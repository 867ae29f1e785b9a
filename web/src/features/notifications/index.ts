// The notifications feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { NotificationBadge } from './components/NotificationBadge';
export { NotificationSettings } from './components/NotificationSettings';
export { WellbeingReminder } from './components/WellbeingReminder';
