import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { admin } from '@aura/proto';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Public, Roles, SignedIn } from '../auth/auth.decorators';
import { AdminClient } from '../clients/admin.client';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ApiForbidden, ApiMalformedBody, ApiMissing, ApiRule, ApiSignedIn } from '../common/api-docs';
import {
  AdminTicketsQuery,
  PublicConfigResponse,
  RespondBody,
  TicketBody,
  TicketCreatedResponse,
  TicketPersonResponse,
  TicketResponse,
  TicketStatusBody,
  TicketStatusQuery,
} from './support.dto';
import { RateLimit } from '../rate-limit/rate-limit';

export const TICKET_SUBMITTED = 'Support ticket submitted successfully!';
const TICKET_NOT_FOUND = 'Ticket not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toPerson(person: admin.TicketPerson | undefined): TicketPersonResponse | null {
  if (!person) return null;
  return { id: person.id, username: person.username, display_name: person.displayName };
}

export function toTicket(ticket: admin.Ticket): TicketResponse {
  return {
    id: ticket.id,
    subject: ticket.subject,
    message: ticket.message,
    priority: ticket.priority,
    status: ticket.status,
    user: toPerson(ticket.user) ?? { id: '', username: '', display_name: '' },
    assigned_admin: toPerson(ticket.assignedAdmin),
    responses: ticket.responses.map((response) => ({
      id: response.id,
      message: response.message,
      is_admin_response: response.isAdminResponse,
      author: toPerson(response.author) ?? { id: '', username: '', display_name: '' },
      created_at: response.createdAt,
    })),
    created_at: ticket.createdAt,
    updated_at: ticket.updatedAt,
  };
}

function ticketIdOf(id: string): string {
  if (!UUID.test(id ?? '')) throw new NotFoundException({ detail: TICKET_NOT_FOUND });
  return id.toLowerCase();
}

/** The Help Center's Contact Support and My Tickets (spec 000 §2, §7). */
@ApiTags('support')
@ApiSignedIn()
@SignedIn()
@Controller('support')
export class SupportController {
  constructor(private readonly admin: AdminClient) {}

  @Post('tickets')
  @RateLimit('tickets')
  @HttpCode(200)
  @ApiOkResponse({ type: TicketCreatedResponse })
  @ApiRule(
    '"Please fill in all fields", "Message must be at most 1000 characters", "Priority must be one of low, normal, high, urgent"',
  )
  @ApiMalformedBody()
  async create(
    @Body() body: TicketBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<TicketCreatedResponse> {
    const ticket = await this.admin.createTicket(caller, {
      subject: body.subject ?? '',
      message: body.message ?? '',
      priority: body.priority ?? '',
    });
    return { message: TICKET_SUBMITTED, ticket: toTicket(ticket) };
  }

  /** The caller's tickets with their answers, newest first. */
  @Get('tickets/user')
  @ApiOkResponse({ type: TicketResponse, isArray: true })
  async mine(@CurrentCaller() caller: AuthenticatedCaller): Promise<TicketResponse[]> {
    const { tickets } = await this.admin.listMyTickets(caller);
    return tickets.map(toTicket);
  }
}

/** The admin panel's Support tab (spec 001 §2, §6): admins and super admins. */
@ApiTags('admin')
@ApiSignedIn()
@Controller('admin/support/tickets')
export class AdminSupportController {
  constructor(private readonly admin: AdminClient) {}

  @Get()
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: TicketResponse, isArray: true, description: 'Newest first' })
  @ApiForbidden('Not an admin')
  async list(
    @Query() query: AdminTicketsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<TicketResponse[]> {
    const { tickets } = await this.admin.listTickets(caller, { status: query.status ?? '', limit: 0 });
    return tickets.map(toTicket);
  }

  /** The first answer moves an open ticket to in_progress; the member is notified. */
  @Post(':id/respond')
  @Roles('admin', 'super_admin')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Ticket id' })
  @ApiOkResponse({ type: TicketResponse })
  @ApiRule('"Response message cannot be empty"')
  @ApiForbidden('Not an admin')
  @ApiMissing('"Ticket not found"')
  async respond(
    @Param('id') id: string,
    @Body() body: RespondBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<TicketResponse> {
    return toTicket(
      await this.admin.respond(caller, { ticketId: ticketIdOf(id), message: body.message ?? '' }),
    );
  }

  /** `new_status` in the query (the spec) or the body: open, in_progress or resolved. */
  @Put(':id/status')
  @Roles('admin', 'super_admin')
  @ApiParam({ name: 'id', description: 'Ticket id' })
  @ApiOkResponse({ type: TicketResponse })
  @ApiRule('"Ticket is already resolved", "Status must be one of open, in_progress, resolved"')
  @ApiForbidden('Not an admin')
  @ApiMissing('"Ticket not found"')
  async status(
    @Param('id') id: string,
    @Query() query: TicketStatusQuery,
    @Body() body: TicketStatusBody | undefined,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<TicketResponse> {
    const status = query.new_status ?? body?.new_status ?? '';
    return toTicket(await this.admin.setStatus(caller, { ticketId: ticketIdOf(id), status }));
  }
}

/** What the web app needs before anyone signs in (the Help Center's support e-mail). */
@ApiTags('public')
@Controller('public/config')
export class PublicConfigController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: PublicConfigResponse })
  get(): PublicConfigResponse {
    return { support_email: this.config.AURA_SUPPORT_EMAIL };
  }
}
