import { AsyncService, CallContext, Forbidden, InvalidInput, Unauthenticated } from '@aura/platform';
import { admin } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { DashboardStatsService, HISTORY_DAYS } from '../dashboard/dashboard-stats';
import type { ActionDoc, CaseDoc, ReportDoc } from '../moderation/moderation.schema';
import { reasonsByCount } from '../moderation/moderation-rules';
import { type CaseDetailDoc, ModerationService } from '../moderation/moderation.service';
import type { PersonDoc, TicketDoc } from '../support/ticket.schema';
import { TicketMessages } from '../support/ticket-rules';
import { TicketsService } from '../support/tickets.service';

function toPerson(person: PersonDoc | null | undefined): admin.TicketPerson | undefined {
  if (!person) return undefined;
  return { id: person.id, username: person.username, displayName: person.display_name };
}

export function toTicket(ticket: TicketDoc): admin.Ticket {
  return {
    id: ticket._id,
    subject: ticket.subject,
    message: ticket.message,
    priority: ticket.priority,
    status: ticket.status,
    user: toPerson(ticket.user),
    assignedAdmin: toPerson(ticket.assigned_admin),
    responses: (ticket.responses ?? []).map((response) => ({
      id: response.id,
      message: response.message,
      isAdminResponse: response.is_admin_response,
      author: toPerson(response.author),
      createdAt: new Date(response.created_at).toISOString(),
    })),
    createdAt: new Date(ticket.created_at).toISOString(),
    updatedAt: new Date(ticket.updated_at).toISOString(),
  };
}

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : '');

function toCase(doc: CaseDoc): admin.Case {
  return {
    id: doc._id,
    status: doc.status,
    target: {
      type: doc.target.type,
      id: doc.target.id,
      memberId: doc.target.member_id,
      text: doc.target.text,
      mediaUrl: doc.target.media_url,
      contextId: doc.target.context_id,
      createdAt: doc.target.created_at,
    },
    member: toPerson(doc.member),
    reportCount: doc.report_count,
    reasons: reasonsByCount(doc.reason_counts),
    firstReportedAt: iso(doc.first_reported_at),
    lastReportedAt: iso(doc.last_reported_at),
    resolution: doc.resolution ?? '',
    liftedAt: doc.lifted_at ? iso(doc.lifted_at) : '',
  };
}

function toReport(doc: ReportDoc): admin.Report {
  return {
    id: doc._id,
    reporter: toPerson(doc.reporter),
    reason: doc.reason,
    details: doc.details,
    createdAt: iso(doc.created_at),
  };
}

function toAction(doc: ActionDoc): admin.ModerationAction {
  return {
    id: doc._id,
    caseId: doc.case_id,
    action: doc.action,
    reason: doc.reason,
    admin: toPerson(doc.admin),
    member: toPerson(doc.member),
    targetType: doc.target_type,
    targetId: doc.target_id,
    until: iso(doc.until),
    createdAt: iso(doc.created_at),
  };
}

function toCaseDetail(detail: CaseDetailDoc): admin.CaseDetail {
  return {
    case: toCase(detail.case),
    reports: detail.reports.map(toReport),
    actions: detail.actions.map(toAction),
    priorCases: detail.priorCases.map(toCase),
  };
}

/** The gRPC face of admin: checks who calls, delegates, encodes. */
@Injectable()
export class AdminGrpcController implements AsyncService<admin.AdminServiceServer> {
  constructor(
    @Inject(TicketsService) private readonly tickets: TicketsService,
    @Inject(DashboardStatsService) private readonly dashboard: DashboardStatsService,
    @Inject(ModerationService) private readonly moderation: ModerationService,
  ) {}

  async getDashboardStats(_request: unknown, context: CallContext): Promise<admin.DashboardStats> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    if (context.caller.role !== 'admin' && context.caller.role !== 'super_admin')
      throw new Forbidden(TicketMessages.notAdmin);
    return this.dashboard.stats();
  }

  async getDashboardHistory(
    request: admin.DashboardHistoryRequest,
    context: CallContext,
  ): Promise<admin.DashboardHistory> {
    if (!context.caller) throw new Unauthenticated('Not authenticated');
    if (context.caller.role !== 'admin' && context.caller.role !== 'super_admin')
      throw new Forbidden(TicketMessages.notAdmin);
    if (!(HISTORY_DAYS as readonly number[]).includes(request.days))
      throw new InvalidInput('days must be 7 or 30');
    const points = await this.dashboard.history(request.days);
    return { days: request.days, points };
  }

  async createTicket(request: admin.CreateTicketRequest, context: CallContext): Promise<admin.Ticket> {
    return toTicket(await this.tickets.create(context.caller, request));
  }

  async listMyTickets(_request: unknown, context: CallContext): Promise<admin.TicketList> {
    return { tickets: (await this.tickets.listMine(context.caller)).map(toTicket) };
  }

  async listTickets(request: admin.ListTicketsRequest, context: CallContext): Promise<admin.TicketList> {
    return { tickets: (await this.tickets.listAll(context.caller, request)).map(toTicket) };
  }

  async respondToTicket(request: admin.RespondRequest, context: CallContext): Promise<admin.Ticket> {
    return toTicket(await this.tickets.respond(context.caller, request.ticketId, request.message));
  }

  async setTicketStatus(request: admin.SetTicketStatusRequest, context: CallContext): Promise<admin.Ticket> {
    return toTicket(await this.tickets.setStatus(context.caller, request.ticketId, request.status));
  }

  async createReport(request: admin.CreateReportRequest, context: CallContext): Promise<admin.ReportReceipt> {
    return this.moderation.report(context.caller, request);
  }

  async listCases(request: admin.ListCasesRequest, context: CallContext): Promise<admin.CaseList> {
    const { cases, nextCursor } = await this.moderation.list(context.caller, request);
    return { cases: cases.map(toCase), nextCursor };
  }

  async getCase(request: admin.CaseRef, context: CallContext): Promise<admin.CaseDetail> {
    return toCaseDetail(await this.moderation.detail(context.caller, request.caseId));
  }

  async actOnCase(request: admin.ActOnCaseRequest, context: CallContext): Promise<admin.CaseDetail> {
    return toCaseDetail(await this.moderation.act(context.caller, request));
  }

  async liftRestriction(
    request: admin.LiftRestrictionRequest,
    context: CallContext,
  ): Promise<admin.CaseDetail> {
    return toCaseDetail(await this.moderation.lift(context.caller, request));
  }

  async listModerationActions(
    request: admin.ListModerationActionsRequest,
    context: CallContext,
  ): Promise<admin.ModerationActionList> {
    const { actions, nextCursor } = await this.moderation.auditLog(context.caller, request);
    return { actions: actions.map(toAction), nextCursor };
  }
}
