// GET /api/search while there is text (spec 000 §5: otherwise the results are cleared), debounced.
// The All query gives the tab counts; another tab asks for its own content_type. Failures are only
// logged and read as no results (§8).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { exploreApi } from '../api';
import {
  EMPTY_RESULTS,
  SEARCH_DEBOUNCE_MS,
  searchTextOf,
  tabCounts,
  type SearchCategory,
  type SearchTab,
} from '../explore';
import type { SearchResults } from '../types';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';

function useSearchQuery(text: string | null, tab: SearchTab, category: SearchCategory, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.searchResults(text ?? '', tab, category),
    queryFn: async ({ signal }) => {
      try {
        return await exploreApi.search(text!, tab, category, signal);
      } catch (error) {
        if (!signal.aborted) console.warn('search: failed', error);
        throw error;
      }
    },
    enabled: enabled && text !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export interface SearchState {
  /** The text searched (null: no search, the results are cleared). */
  text: string | null;
  results: SearchResults;
  counts: Record<SearchTab, number>;
  /** Nothing to show yet. */
  isLoading: boolean;
  /** Older results are shown while newer ones load. */
  isUpdating: boolean;
}

const CLEARED: SearchState = {
  text: null,
  results: EMPTY_RESULTS,
  counts: tabCounts(EMPTY_RESULTS),
  isLoading: false,
  isUpdating: false,
};

export function useSearch(input: string, tab: SearchTab, category: SearchCategory): SearchState {
  const inputText = searchTextOf(input);
  const text = searchTextOf(useDebouncedValue(input, SEARCH_DEBOUNCE_MS));
  const all = useSearchQuery(text, 'all', category, true);
  const single = useSearchQuery(text, tab, category, tab !== 'all');
  const shown = tab === 'all' ? all : single;

  if (inputText === null) return CLEARED;
  if (text === null) return { ...CLEARED, text: inputText, isLoading: true };
  const typing = inputText !== text;
  const hasData = shown.data !== undefined;
  return {
    text,
    results: shown.data ?? EMPTY_RESULTS,
    counts: tabCounts(all.data ?? EMPTY_RESULTS),
    isLoading: !hasData && (typing || shown.isPending),
    isUpdating: hasData && (typing || shown.isPlaceholderData),
  };
}
