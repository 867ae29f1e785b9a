// The members an @mention being written may name: at most 5 whose name starts with it, never the member
// themself. Debounced; a failed search is only logged and suggests no one.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useSignedInUser } from '../../auth';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { loggedRead } from '../../../api/logged-read';
import { membersApi } from '../api';
import { MENTION_MIN_QUERY, MENTION_SUGGESTIONS } from '../mention-query';

const SEARCH_DEBOUNCE_MS = 200;

export function useMentionSuggestions(query: string | null) {
  const me = useSignedInUser();
  const settled = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const active = settled !== null && settled.length >= MENTION_MIN_QUERY && settled === query;
  const search = useQuery({
    queryKey: queryKeys.mentionSearch(settled ?? ''),
    queryFn: loggedRead('mention search', (signal) =>
      membersApi.search(settled!, MENTION_SUGGESTIONS + 1, signal),
    ),
    enabled: active,
    staleTime: 30_000,
  });
  const members = active ? (search.data ?? []).filter((member) => member.id !== me.id) : [];
  return members.slice(0, MENTION_SUGGESTIONS);
}
