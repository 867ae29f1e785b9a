// The messaging feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { messagingApi } from './api';
export { MessageButton } from './components/MessageButton';
export { MessageNotifier } from './components/MessageNotifier';
export { newClientMessageId } from './messaging';
export { useSocketConnected, useSocketEvent } from './realtime/realtime-context';
