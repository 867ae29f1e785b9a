import { AsyncService, CallContext, Forbidden, InvalidInput, Unauthenticated } from '@aura/platform';
import { admin } from '@aura/proto';
import { HISTORY_DAYS, type DashboardStatsService } from '../dashboard/dashboard-stats';
import type { PersonDoc, TicketDoc } from '../support/ticket.schema';
import { TicketMessages } from '../support/ticket-rules';
import type { TicketsService } from '../support/tickets.service';

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

/** The gRPC face of admin: checks who calls, delegates, encodes. */
export class AdminGrpcController implements AsyncService<admin.AdminServiceServer> {
  constructor(
    private readonly tickets: TicketsService,
    private readonly dashboard: DashboardStatsService,
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
}
