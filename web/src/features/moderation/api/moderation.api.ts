// A member's report (POST /api/reports), typed by the generated schema. Pure module (no DOM): the client
// is handed in.
import type { ApiClient } from '../../../api/client';
import type { ReportBody, ReportReceipt } from '../../../api/types';

export function createReportsApi(api: ApiClient) {
  return {
    /** 201 {message, report_id}; 409 when the member already reported it; 404 when they cannot see it. */
    report: (body: ReportBody): Promise<ReportReceipt> => api.call((c) => c.POST('/api/reports', { body })),
  };
}

export type ReportsApi = ReturnType<typeof createReportsApi>;
