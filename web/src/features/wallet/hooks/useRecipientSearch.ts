// The Send AuraCoins recipient picker (spec 001 §5): from 3 characters, at most 5 members, never the
// member themself. Debounced; a failed search is only logged and shows no one.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useSignedInUser } from '../../auth';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { loggedRead } from '../../../api/logged-read';
import { recipientQuery, recipientSuggestions } from '../../../api/recipient-search';
import { walletApi } from '../api';

const SEARCH_DEBOUNCE_MS = 250;

/** `minLength`: where the search starts (3 for transfers; 2 for the genie gift, spec 001 §5). */
export function useRecipientSearch(text: string, minLength?: number) {
  const me = useSignedInUser();
  const query = recipientQuery(useDebouncedValue(text, SEARCH_DEBOUNCE_MS), minLength);
  const search = useQuery({
    queryKey: queryKeys.recipientSearch(query ?? ''),
    queryFn: loggedRead('recipient search', (signal) => walletApi.searchMembers(query!, signal)),
    enabled: query !== null,
    staleTime: 30_000,
  });
  return {
    active: query !== null,
    isSearching: query !== null && search.isFetching,
    recipients: query === null ? [] : recipientSuggestions(search.data ?? [], me.id),
  };
}
