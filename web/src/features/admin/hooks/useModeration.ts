// The Moderation tab's data (issue 21 §3): the queue and the audit log page by cursor ("Load more"); a case
// is read when opened; an action closes it (a lift ends its suspension or ban early), and the queue, the
// log and the dashboard read again.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaseActionBody,
  ModerationAction,
  ModerationCase,
  ModerationCaseDetail,
} from '../../../api/types';
import { flattenPages, nextPageParam, type Page } from '../../../api/cursor';
import { loggedRead } from '../../../api/logged-read';
import { api } from '../../../api';
import { createModerationApi } from '../api/moderation.api';
import { auditQuery, caseListQuery, type CaseFilters } from '../moderation';
import type { LiftRestrictionBody } from '../types';
import { adminKeys } from './useAdmin';

const moderationApi = createModerationApi(api);

/**
 * A list read a page at a time (the cursor of each page in the one before): the items so far, each once,
 * and the way to the next page.
 */
function usePagedList<T extends { id: string }>(
  queryKey: readonly unknown[],
  what: string,
  read: (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => loggedRead(what, (s) => read(pageParam, s))({ signal }),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
  return {
    items: flattenPages(query.data?.pages),
    isPending: query.isPending,
    isError: query.isError && !query.data,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}

export type Paged<T> = ReturnType<typeof usePagedList<T & { id: string }>>;

export const useModerationCases = (filters: CaseFilters) =>
  usePagedList<ModerationCase>(adminKeys.cases(filters), 'moderation cases', (cursor, signal) =>
    moderationApi.cases(caseListQuery(filters, cursor), signal),
  );

export const useModerationAudit = (memberId = '') =>
  usePagedList<ModerationAction>(adminKeys.audit(memberId), 'moderation audit log', (cursor, signal) =>
    moderationApi.actions(auditQuery(memberId, cursor), signal),
  );

export function useModerationCase(caseId: string) {
  return useQuery({
    queryKey: adminKeys.case(caseId),
    queryFn: loggedRead('moderation case', (s) => moderationApi.case(caseId, s)),
  });
}

/** A change to a case: its answer is the case as it now is; every list of the panel reads again. */
function useCaseChange<B>(caseId: string, send: (caseId: string, body: B) => Promise<ModerationCaseDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => send(caseId, body),
    onSuccess: (detail) => queryClient.setQueryData(adminKeys.case(caseId), detail),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.moderation }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
      ]),
  });
}

/** Acts on an open case (and closes it). */
export const useActOnCase = (caseId: string) => useCaseChange<CaseActionBody>(caseId, moderationApi.act);

/** Lifts the suspension or ban a closed case imposed. */
export const useLiftRestriction = (caseId: string) =>
  useCaseChange<LiftRestrictionBody>(caseId, moderationApi.lift);
