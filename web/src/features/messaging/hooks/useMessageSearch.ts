// Search within the open conversation (GET /api/conversations/{id}/messages/search): asked 300 ms after
// the member stops typing, once the text has at least 2 characters.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { messagingApi } from '../api';

export const MIN_SEARCH_LENGTH = 2;
const DEBOUNCE_MS = 300;

export function useMessageSearch(conversationId: string, text: string) {
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = [...q].length >= MIN_SEARCH_LENGTH;
  const query = useQuery({
    queryKey: queryKeys.conversationSearch(conversationId, q),
    queryFn: ({ signal }) => messagingApi.search(conversationId, q, signal),
    enabled,
    staleTime: 10_000,
  });
  return { ...query, q, enabled };
}
