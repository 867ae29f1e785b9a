import { Caller, NotFound } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { requireAdmin, requireCaller } from '../members/callers';
import type { NameSource, PersonName } from '../members/member-names';
import { NAME_SOURCE } from '../tokens';
import { PersonDoc, ResponseDoc, TicketDoc } from './ticket.schema';
import {
  checkStatusChange,
  newTicketOf,
  responseOf,
  statusOf,
  TicketMessages,
  TicketStatus,
} from './ticket-rules';
import { TicketsRepository } from './tickets.repository';

const LIST_DEFAULT = 200;
const LIST_MAX = 500;
const OPEN_STATUSES: TicketStatus[] = ['open', 'in_progress'];

function personDoc(person: PersonName | null, id: string): PersonDoc {
  return { id, username: person?.username ?? '', display_name: person?.displayName ?? '' };
}

/**
 * Support tickets (spec 000 §3–§5, spec 001 §4): members open and read their own; admins read all,
 * answer and set the status. Each change publishes a support.* event (messaging notifies the member).
 *
 * A ticket is one document holding its answers. Every change is one atomic update of it
 * (TicketsRepository): an answer is appended (two admins answering at once both keep their answer),
 * and a status change is conditional on the ticket not having that status already (of four "resolve"
 * clicks at once one matches; the others find the ticket resolved and are told so). The change and its
 * event (in the `outbox` collection) are written in one transaction, so an event is stored exactly
 * when its change is.
 */
@Injectable()
export class TicketsService {
  private readonly listeners: (() => void)[] = [];

  constructor(
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(NAME_SOURCE) private readonly names: NameSource,
  ) {}

  /** `listener` runs after every ticket created or changed (the dashboard's open-tickets figure). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  async create(caller: Caller | undefined, input: { subject?: string; message?: string; priority?: string }) {
    const member = requireCaller(caller);
    const ticket = newTicketOf(input);
    const id = randomUUID();
    const now = new Date();
    const user = personDoc(await this.names.find(member.userId), member.userId);
    const doc: TicketDoc = {
      _id: id,
      user_id: member.userId,
      user,
      ...ticket,
      status: 'open',
      assigned_admin: null,
      responses: [],
      created_at: now,
      updated_at: now,
    };
    await this.tickets.create(doc, {
      ticketId: id,
      userId: member.userId,
      subject: ticket.subject,
      priority: ticket.priority,
      createdAt: now.toISOString(),
    });
    this.changed();
    return doc;
  }

  async listMine(caller: Caller | undefined): Promise<TicketDoc[]> {
    const member = requireCaller(caller);
    return this.tickets.byMember(member.userId, LIST_MAX);
  }

  async listAll(
    caller: Caller | undefined,
    input: { status?: string; limit?: number },
  ): Promise<TicketDoc[]> {
    requireAdmin(caller);
    const status = input.status ? statusOf(input.status) : null;
    const asked = Number(input.limit ?? 0);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, LIST_MAX) : LIST_DEFAULT;
    return this.tickets.list(status, limit);
  }

  countOpen(): Promise<number> {
    return this.tickets.countWithStatus(OPEN_STATUSES);
  }

  async respond(
    caller: Caller | undefined,
    ticketId: string,
    message: string | undefined,
  ): Promise<TicketDoc> {
    const admin = requireAdmin(caller);
    const text = responseOf(message);
    const author = personDoc(await this.names.find(admin.userId), admin.userId);
    const response: ResponseDoc = {
      id: randomUUID(),
      message: text,
      is_admin_response: true,
      author,
      created_at: new Date(),
    };
    const ticket = await this.tickets.answer(ticketId, response, (answered) => ({
      ticketId,
      userId: answered.user_id,
      responseId: response.id,
      adminId: admin.userId,
      subject: answered.subject,
      message: text,
      status: answered.status,
      respondedAt: response.created_at.toISOString(),
    }));
    if (!ticket) throw new NotFound(TicketMessages.notFound);
    this.changed();
    return ticket;
  }

  /**
   * Sets the status unless the ticket has it already: the update only matches a ticket in another
   * status, so of concurrent changes to the same status exactly one applies. The others read the
   * ticket: resolving a resolved ticket is refused, any other repeat changes nothing.
   */
  async setStatus(
    caller: Caller | undefined,
    ticketId: string,
    value: string | undefined,
  ): Promise<TicketDoc> {
    const admin = requireAdmin(caller);
    const next = statusOf(value);
    const ticket = await this.tickets.changeStatus(ticketId, next, (before, at) => ({
      ticketId,
      userId: before.user_id,
      adminId: admin.userId,
      subject: before.subject,
      previousStatus: before.status,
      status: next,
      changedAt: at.toISOString(),
    }));
    if (!ticket) {
      const current = await this.find(ticketId);
      checkStatusChange(current.status, next);
      return current;
    }
    this.changed();
    return ticket;
  }

  private async find(ticketId: string): Promise<TicketDoc> {
    const ticket = await this.tickets.find(ticketId);
    if (!ticket) throw new NotFound(TicketMessages.notFound);
    return ticket;
  }
}
