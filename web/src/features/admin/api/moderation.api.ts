// The Moderation tab's calls (issue 21 §3: GET /api/admin/moderation/cases, /cases/{id}, /actions; POST
// /cases/{id}/actions, /cases/{id}/lift), typed by the generated schema. Apart from the panel's other calls, so that they
// load with the tab. Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import type {
  CaseActionBody,
  ModerationAction,
  ModerationCase,
  ModerationCaseDetail,
  ReportReason,
  ReportTargetType,
} from '../../../api/types';
import type { Page } from '../../../api/cursor';
import type { LiftRestrictionBody } from '../types';

/** GET /api/admin/moderation/cases: the filters, a page size and the cursor (see caseListQuery). */
export interface CaseListQuery {
  status: 'open' | 'closed';
  target_type?: ReportTargetType;
  reason?: ReportReason;
  limit: number;
  cursor?: string;
}

/** GET /api/admin/moderation/actions: one member's or all, a page size and the cursor. */
export interface AuditQuery {
  member_id?: string;
  limit: number;
  cursor?: string;
}

/** A page's next cursor: the server's, null on the last page (an empty string). */
const nextCursorOf = (cursor: string | undefined) => (cursor ? cursor : null);

export function createModerationApi(api: ApiClient) {
  const byId = (id: string) => ({ id });
  return {
    /** The moderation queue: newest report first, a page at a time. */
    cases: async (query: CaseListQuery, signal?: AbortSignal): Promise<Page<ModerationCase>> => {
      const page = await api.call((c) => c.GET('/api/admin/moderation/cases', { params: { query }, signal }));
      return { items: page.cases, nextCursor: nextCursorOf(page.next_cursor) };
    },
    /** A case with its reports, the actions taken and the member's earlier cases. */
    case: (caseId: string, signal?: AbortSignal): Promise<ModerationCaseDetail> =>
      api.call((c) => c.GET('/api/admin/moderation/cases/{id}', { params: { path: byId(caseId) }, signal })),
    /** Closes the case with an action (and its audit entry); answers the case as it now is. */
    act: (caseId: string, body: CaseActionBody): Promise<ModerationCaseDetail> =>
      api.call((c) =>
        c.POST('/api/admin/moderation/cases/{id}/actions', { params: { path: byId(caseId) }, body }),
      ),
    /** Ends the suspension or ban the closed case imposed, early (and its audit entry); the case anew. */
    lift: (caseId: string, body: LiftRestrictionBody): Promise<ModerationCaseDetail> =>
      api.call((c) =>
        c.POST('/api/admin/moderation/cases/{id}/lift', { params: { path: byId(caseId) }, body }),
      ),
    /** The audit log: who did what to whom, why and when, newest first. */
    actions: async (query: AuditQuery, signal?: AbortSignal): Promise<Page<ModerationAction>> => {
      const page = await api.call((c) =>
        c.GET('/api/admin/moderation/actions', { params: { query }, signal }),
      );
      return { items: page.actions, nextCursor: nextCursorOf(page.next_cursor) };
    },
  };
}

export type ModerationApi = ReturnType<typeof createModerationApi>;
