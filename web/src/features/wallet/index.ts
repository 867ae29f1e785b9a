// The wallet feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { FormError, RecipientSuggestions } from './components/FormParts';
export { SendEnergyButton } from './components/SendEnergyButton';
export { useSpendingPause } from './components/SpendingPause';
export { WalletSection } from './components/WalletSection';
export { useCheckout } from './hooks/useCheckout';
export { useRecipientSearch } from './hooks/useRecipientSearch';
export { useLiveWallet, useRefreshWallet, useWallet } from './hooks/useWallet';
export { checkoutOriginUrl } from './payment-return';
export { balanceMicro, newIdempotencyKey } from './wallet';
