export { SessionProvider, POST_SIGN_IN_REFETCH_DELAY_MS } from './SessionProvider';
export { useSession, useSignedInUser, type SessionStatus } from './session-context';
export { useAuthSubmit } from './useAuthSubmit';
