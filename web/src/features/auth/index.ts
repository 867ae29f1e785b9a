// The auth feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { authApi } from './api';
export { ChangePasswordForm } from './components/ChangePasswordForm';
export { DataExportCard } from './components/DataExportCard';
export { DeleteAccountSettings } from './components/DeleteAccountSettings';
export { DevicesList } from './components/DevicesList';
export { EmailSettings } from './components/EmailSettings';
export { PasskeysSettings } from './components/PasskeysSettings';
export { TwoFactorSettings } from './components/TwoFactorSettings';
export { useSession, useSignedInUser } from './hooks';
