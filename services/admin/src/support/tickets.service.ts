import {
  Caller,
  createEvent,
  Forbidden,
  insertOutboxEvents,
  NotFound,
  outboxCollection,
  OutboxModel,
  ServiceRuntime,
  toStoredOutbox,
  Unauthenticated,
} from '@aura/platform';
import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import type { NameSource, PersonName } from '../members/member-names';
import { PersonDoc, TicketDoc, ticketSchema } from './ticket.schema';
import {
  checkStatusChange,
  newTicketOf,
  responseOf,
  statusAfterResponse,
  statusOf,
  TicketMessages,
  TicketStatus,
} from './ticket-rules';

const LIST_DEFAULT = 200;
const LIST_MAX = 500;
const OPEN_STATUSES: TicketStatus[] = ['open', 'in_progress'];

function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw new Unauthenticated('Not authenticated');
  return caller;
}

function requireAdmin(caller: Caller | undefined): Caller {
  const who = requireCaller(caller);
  if (who.role !== 'admin' && who.role !== 'super_admin') throw new Forbidden(TicketMessages.notAdmin);
  return who;
}

function personDoc(person: PersonName | null, id: string): PersonDoc {
  return { id, username: person?.username ?? '', display_name: person?.displayName ?? '' };
}

/**
 * Support tickets (spec 000 §3–§5, spec 001 §4): members open and read their own; admins read all,
 * answer and set the status. Each change publishes a support.* event (messaging notifies the member).
 * A change is one conditional update on the ticket's current status, so of two concurrent changes the
 * second re-reads and is judged against what the first left.
 */
export class TicketsService {
  readonly tickets: Model<TicketDoc>;
  private readonly outbox: OutboxModel;

  constructor(
    connection: Connection,
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
    private readonly names: NameSource,
    private readonly changed: () => void = () => {},
  ) {
    this.tickets = connection.models.Ticket ?? connection.model<TicketDoc>('Ticket', ticketSchema);
    this.outbox = outboxCollection(connection, 'outbox');
    runtime.registerOutbox(this.tickets, this.outbox);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.tickets.init(), this.outbox.init()]);
  }

  async create(caller: Caller | undefined, input: { subject?: string; message?: string; priority?: string }) {
    const member = requireCaller(caller);
    const ticket = newTicketOf(input);
    const id = randomUUID();
    const now = new Date();
    const user = personDoc(await this.names.find(member.userId), member.userId);
    const events = [
      createEvent(this.runtime.service, 'support.ticket_created', id, {
        ticketId: id,
        userId: member.userId,
        subject: ticket.subject,
        priority: ticket.priority,
        createdAt: now.toISOString(),
      }),
    ];
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
    await this.tickets.create({ ...doc, _outbox: toStoredOutbox(events) });
    this.runtime.eventsStored(events, { model: this.tickets, id });
    this.changed();
    return doc;
  }

  async listMine(caller: Caller | undefined): Promise<TicketDoc[]> {
    const member = requireCaller(caller);
    return this.tickets
      .find({ user_id: member.userId })
      .sort({ created_at: -1 })
      .limit(LIST_MAX)
      .lean<TicketDoc[]>()
      .exec();
  }

  async listAll(
    caller: Caller | undefined,
    input: { status?: string; limit?: number },
  ): Promise<TicketDoc[]> {
    requireAdmin(caller);
    const filter = input.status ? { status: statusOf(input.status) } : {};
    const asked = Number(input.limit ?? 0);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, LIST_MAX) : LIST_DEFAULT;
    return this.tickets.find(filter).sort({ created_at: -1 }).limit(limit).lean<TicketDoc[]>().exec();
  }

  countOpen(): Promise<number> {
    return this.tickets.countDocuments({ status: { $in: OPEN_STATUSES } }).exec();
  }

  async respond(
    caller: Caller | undefined,
    ticketId: string,
    message: string | undefined,
  ): Promise<TicketDoc> {
    const admin = requireAdmin(caller);
    const text = responseOf(message);
    const author = personDoc(await this.names.find(admin.userId), admin.userId);
    const responseId = randomUUID();
    for (let attempt = 0; ; attempt++) {
      const ticket = await this.find(ticketId);
      const status = statusAfterResponse(ticket.status);
      const now = new Date();
      const result = await this.tickets
        .updateOne(
          { _id: ticketId, status: ticket.status },
          {
            $push: {
              responses: { id: responseId, message: text, is_admin_response: true, author, created_at: now },
            },
            $set: { status, assigned_admin: ticket.assigned_admin ?? author, updated_at: now },
          },
        )
        .exec();
      if (result.modifiedCount === 0 && attempt < 3) continue;
      if (result.modifiedCount === 0) throw new Error('ticket kept changing; response not stored');
      await this.publish(`response:${responseId}`, [
        createEvent(this.runtime.service, 'support.ticket_responded', ticketId, {
          ticketId,
          userId: ticket.user_id,
          responseId,
          adminId: admin.userId,
          subject: ticket.subject,
          message: text,
          status,
          respondedAt: now.toISOString(),
        }),
      ]);
      this.changed();
      return this.find(ticketId);
    }
  }

  async setStatus(
    caller: Caller | undefined,
    ticketId: string,
    value: string | undefined,
  ): Promise<TicketDoc> {
    const admin = requireAdmin(caller);
    const next = statusOf(value);
    for (let attempt = 0; ; attempt++) {
      const ticket = await this.find(ticketId);
      checkStatusChange(ticket.status, next);
      if (ticket.status === next) return ticket;
      const now = new Date();
      const result = await this.tickets
        .updateOne({ _id: ticketId, status: ticket.status }, { $set: { status: next, updated_at: now } })
        .exec();
      if (result.modifiedCount === 0 && attempt < 3) continue;
      if (result.modifiedCount === 0) throw new Error('ticket kept changing; status not stored');
      await this.publish(`status:${ticketId}:${randomUUID()}`, [
        createEvent(this.runtime.service, 'support.ticket_status_changed', ticketId, {
          ticketId,
          userId: ticket.user_id,
          adminId: admin.userId,
          subject: ticket.subject,
          previousStatus: ticket.status,
          status: next,
          changedAt: now.toISOString(),
        }),
      ]);
      this.changed();
      return this.find(ticketId);
    }
  }

  private async find(ticketId: string): Promise<TicketDoc> {
    const ticket = ticketId ? await this.tickets.findById(ticketId).lean<TicketDoc>().exec() : null;
    if (!ticket) throw new NotFound(TicketMessages.notFound);
    return ticket;
  }

  private async publish(id: string, events: ReturnType<typeof createEvent>[]): Promise<void> {
    if (await insertOutboxEvents(this.outbox, id, events))
      this.runtime.eventsStored(events, { model: this.outbox, id });
  }
}
