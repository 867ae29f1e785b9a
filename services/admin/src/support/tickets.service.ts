import {
  Caller,
  createEvent,
  EventRecord,
  inTransaction,
  MONGO,
  NotFound,
  outboxCollection,
  OutboxModel,
  RUNTIME,
  ServiceRuntime,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ClientSession, Connection, Model } from 'mongoose';
import { requireAdmin, requireCaller } from '../members/callers';
import type { NameSource, PersonName } from '../members/member-names';
import { NAME_SOURCE } from '../tokens';
import { PersonDoc, ResponseDoc, TicketDoc, ticketSchema } from './ticket.schema';
import {
  checkStatusChange,
  newTicketOf,
  responseOf,
  statusAfterResponse,
  STATUSES,
  statusOf,
  TicketMessages,
  TicketStatus,
} from './ticket-rules';

const LIST_DEFAULT = 200;
const LIST_MAX = 500;
const OPEN_STATUSES: TicketStatus[] = ['open', 'in_progress'];

function personDoc(person: PersonName | null, id: string): PersonDoc {
  return { id, username: person?.username ?? '', display_name: person?.displayName ?? '' };
}

/**
 * One atomic update that appends an answer and applies what an answer does to the ticket: the status
 * becomes statusAfterResponse(status) (an open ticket moves to in_progress) and an unassigned ticket
 * gets the answering admin. Values are `$literal`, so text starting with `$` is never a field path.
 */
function answerUpdate(response: ResponseDoc, at: Date) {
  const statusAfter = {
    $switch: {
      branches: STATUSES.map((status) => ({
        case: { $eq: ['$status', status] },
        then: { $literal: statusAfterResponse(status) },
      })),
      default: '$status',
    },
  };
  return [
    {
      $set: {
        responses: { $concatArrays: [{ $ifNull: ['$responses', []] }, [{ $literal: response }]] },
        status: statusAfter,
        assigned_admin: { $ifNull: ['$assigned_admin', { $literal: response.author }] },
        updated_at: at,
      },
    },
  ];
}

/**
 * Support tickets (spec 000 §3–§5, spec 001 §4): members open and read their own; admins read all,
 * answer and set the status. Each change publishes a support.* event (messaging notifies the member).
 *
 * A ticket is one document holding its answers. Every change is one atomic update of it: an answer is
 * appended (two admins answering at once both keep their answer), and a status change is conditional
 * on the ticket not having that status already (of four "resolve" clicks at once one matches; the
 * others find the ticket resolved and are told so). The change and its event (in the `outbox`
 * collection) are written in one transaction, so an event is stored exactly when its change is.
 */
@Injectable()
export class TicketsService implements OnModuleInit {
  readonly tickets: Model<TicketDoc>;
  private readonly outbox: OutboxModel;
  private readonly listeners: (() => void)[] = [];

  constructor(
    @Inject(MONGO) private readonly connection: Connection,
    @Inject(RUNTIME)
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
    @Inject(NAME_SOURCE) private readonly names: NameSource,
  ) {
    this.tickets = connection.models.Ticket ?? connection.model<TicketDoc>('Ticket', ticketSchema);
    this.outbox = outboxCollection(connection, 'outbox');
    runtime.registerOutbox(this.tickets, this.outbox);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.tickets.init(), this.outbox.init()]);
  }

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
    // The ticket and its event in one insert (the in-document outbox).
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
    const status = input.status ? statusOf(input.status) : null;
    const asked = Number(input.limit ?? 0);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, LIST_MAX) : LIST_DEFAULT;
    return this.tickets
      .find(status ? { status } : {})
      .sort({ created_at: -1 })
      .limit(limit)
      .lean<TicketDoc[]>()
      .exec();
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
    const response: ResponseDoc = {
      id: randomUUID(),
      message: text,
      is_admin_response: true,
      author,
      created_at: new Date(),
    };
    const stored = await inTransaction(this.connection, async (session) => {
      const ticket = await this.connection
        .collection<TicketDoc>('tickets')
        .findOneAndUpdate({ _id: ticketId }, answerUpdate(response, new Date()), {
          session,
          returnDocument: 'after',
          projection: { _outbox: 0 },
        });
      if (!ticket) return null;
      const events = [
        createEvent(this.runtime.service, 'support.ticket_responded', ticketId, {
          ticketId,
          userId: ticket.user_id,
          responseId: response.id,
          adminId: admin.userId,
          subject: ticket.subject,
          message: text,
          status: ticket.status,
          respondedAt: response.created_at.toISOString(),
        }),
      ];
      return { ticket, ...(await this.storeEvents(session, events)) };
    });
    if (!stored) throw new NotFound(TicketMessages.notFound);
    this.eventsStored(stored);
    return stored.ticket;
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
    const stored = await inTransaction(this.connection, async (session) => {
      const now = new Date();
      const ticket = await this.tickets
        .findOneAndUpdate(
          { _id: ticketId, status: { $ne: next } },
          { $set: { status: next, updated_at: now } },
          { session, returnDocument: 'before' },
        )
        .lean<TicketDoc>()
        .exec();
      if (!ticket) return null;
      const events = [
        createEvent(this.runtime.service, 'support.ticket_status_changed', ticketId, {
          ticketId,
          userId: ticket.user_id,
          adminId: admin.userId,
          subject: ticket.subject,
          previousStatus: ticket.status,
          status: next,
          changedAt: now.toISOString(),
        }),
      ];
      return {
        ticket: { ...ticket, status: next, updated_at: now },
        ...(await this.storeEvents(session, events)),
      };
    });
    if (!stored) {
      const current = await this.find(ticketId);
      checkStatusChange(current.status, next);
      return current;
    }
    this.eventsStored(stored);
    return stored.ticket;
  }

  private async find(ticketId: string): Promise<TicketDoc> {
    const ticket = await this.tickets.findById(ticketId).lean<TicketDoc>().exec();
    if (!ticket) throw new NotFound(TicketMessages.notFound);
    return ticket;
  }

  /** Stores events in the outbox collection as part of the caller's transaction. */
  private async storeEvents(session: ClientSession, events: EventRecord[]) {
    const outboxId = `${events[0].type}:${events[0].id}`;
    await this.outbox.create([{ _id: outboxId, _outbox: toStoredOutbox(events) }], { session });
    return { events, outboxId };
  }

  /** After the commit: the relay publishes the events now, and the dashboard's figures move. */
  private eventsStored(stored: { events: EventRecord[]; outboxId: string }): void {
    this.runtime.eventsStored(stored.events, { model: this.outbox, id: stored.outboxId });
    this.changed();
  }
}
