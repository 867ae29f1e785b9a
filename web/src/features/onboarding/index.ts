// The onboarding feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { SetupChecklist } from './components/SetupChecklist';
export { SuggestedMembers } from './components/SuggestedMembers';
export { greetingFor } from './onboarding';
