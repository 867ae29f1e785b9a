import type { admin } from '@aura/proto';
import { TicketPersonResponse } from '../support/support.dto';
import type {
  ModerationActionResponse,
  ModerationCaseDetailResponse,
  ModerationCaseResponse,
  ReportTargetResponse,
} from './moderation.dto';

const NOBODY: TicketPersonResponse = { id: '', username: '', display_name: '' };

function toPerson(person: admin.TicketPerson | undefined): TicketPersonResponse {
  return person ? { id: person.id, username: person.username, display_name: person.displayName } : NOBODY;
}

function toTarget(target: admin.ReportTarget | undefined): ReportTargetResponse {
  return {
    type: target?.type ?? '',
    id: target?.id ?? '',
    member_id: target?.memberId ?? '',
    text: target?.text ?? '',
    media_url: target?.mediaUrl ?? '',
    context_id: target?.contextId ?? '',
    created_at: target?.createdAt ?? '',
  };
}

export function toCase(found: admin.Case): ModerationCaseResponse {
  return {
    id: found.id,
    status: found.status,
    target: toTarget(found.target),
    member: toPerson(found.member),
    report_count: found.reportCount,
    reasons: found.reasons,
    first_reported_at: found.firstReportedAt,
    last_reported_at: found.lastReportedAt,
    resolution: found.resolution,
    lifted_at: found.liftedAt || null,
  };
}

export function toAction(action: admin.ModerationAction): ModerationActionResponse {
  return {
    id: action.id,
    case_id: action.caseId,
    action: action.action,
    reason: action.reason,
    admin: toPerson(action.admin),
    member: toPerson(action.member),
    target_type: action.targetType,
    target_id: action.targetId,
    until: action.until,
    created_at: action.createdAt,
  };
}

export function toCaseDetail(detail: admin.CaseDetail): ModerationCaseDetailResponse {
  return {
    case: toCase(detail.case!),
    reports: detail.reports.map((report) => ({
      id: report.id,
      reporter: toPerson(report.reporter),
      reason: report.reason,
      details: report.details,
      created_at: report.createdAt,
    })),
    actions: detail.actions.map(toAction),
    prior_cases: detail.priorCases.map(toCase),
  };
}
