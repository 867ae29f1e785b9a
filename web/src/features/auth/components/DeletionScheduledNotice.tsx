// Signed out after asking to delete the account: the server's message (when it will be deleted, and that
// signing in before then keeps it) above the landing page or the sign-in card, until dismissed.
import { useSyncExternalStore } from 'react';
import { AccountDeletionMessages, deletionNotice } from '../account-deletion';
import { PageNotice } from './PageNotice';

export function DeletionScheduledNotice() {
  const message = useSyncExternalStore(deletionNotice.subscribe, deletionNotice.get, deletionNotice.get);
  if (!message) return null;
  return (
    <PageNotice
      tone="info"
      icon="clock"
      title={AccountDeletionMessages.scheduled}
      onDismiss={deletionNotice.clear}
    >
      {message}
    </PageNotice>
  );
}
