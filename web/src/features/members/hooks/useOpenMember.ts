import { useCallback } from 'react';
import { useAppDialogs } from '../../../app/dialogs';

/** Opens the member profile dialog ('member') for a user id: from post authors, comments, search results. */
export function useOpenMember() {
  const { openDialog } = useAppDialogs();
  return useCallback((userId: string) => openDialog('member', { userId }), [openDialog]);
}
