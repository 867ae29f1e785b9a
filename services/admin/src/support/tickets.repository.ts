import {
  createEvent,
  EventRecord,
  inTransaction,
  MONGO,
  outboxCollection,
  OutboxModel,
  RUNTIME,
  ServiceRuntime,
  toStoredOutbox,
} from '@aura/platform';
import type { EventPayload } from '@aura/proto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { ClientSession, Connection, Model } from 'mongoose';
import { ResponseDoc, TicketDoc, ticketSchema } from './ticket.schema';
import { statusAfterResponse, STATUSES, TicketStatus } from './ticket-rules';

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
 * The tickets (`tickets`, each with its answers) and the `outbox` collection their changes' events go
 * to. Every change is one atomic update of a ticket, written with its event in one transaction (or one
 * insert, for a new ticket), and the relay is told after the commit.
 */
@Injectable()
export class TicketsRepository implements OnModuleInit {
  readonly tickets: Model<TicketDoc>;
  private readonly outbox: OutboxModel;

  constructor(
    @Inject(MONGO) private readonly connection: Connection,
    @Inject(RUNTIME)
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
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

  /** Stores a new ticket with its support.ticket_created event in one insert (the in-document outbox). */
  async create(doc: TicketDoc, created: EventPayload<'support.ticket_created'>): Promise<void> {
    const events = [createEvent(this.runtime.service, 'support.ticket_created', doc._id, created)];
    await this.tickets.create({ ...doc, _outbox: toStoredOutbox(events) });
    this.runtime.eventsStored(events, { model: this.tickets, id: doc._id });
  }

  /** A member's tickets, newest first. */
  byMember(userId: string, limit: number): Promise<TicketDoc[]> {
    return this.tickets
      .find({ user_id: userId })
      .sort({ created_at: -1 })
      .limit(limit)
      .lean<TicketDoc[]>()
      .exec();
  }

  /** Tickets (with `status`, or all), newest first. */
  list(status: TicketStatus | null, limit: number): Promise<TicketDoc[]> {
    return this.tickets
      .find(status ? { status } : {})
      .sort({ created_at: -1 })
      .limit(limit)
      .lean<TicketDoc[]>()
      .exec();
  }

  countWithStatus(statuses: TicketStatus[]): Promise<number> {
    return this.tickets.countDocuments({ status: { $in: statuses } }).exec();
  }

  find(ticketId: string): Promise<TicketDoc | null> {
    return this.tickets.findById(ticketId).lean<TicketDoc>().exec();
  }

  /**
   * Appends the answer (answerUpdate) and stores support.ticket_responded, its payload made from the
   * ticket after the answer, in one transaction. Null when there is no such ticket.
   */
  async answer(
    ticketId: string,
    response: ResponseDoc,
    respondedOf: (ticket: TicketDoc) => EventPayload<'support.ticket_responded'>,
  ): Promise<TicketDoc | null> {
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
        createEvent(this.runtime.service, 'support.ticket_responded', ticketId, respondedOf(ticket)),
      ];
      return { ticket, ...(await this.storeEvents(session, events)) };
    });
    if (!stored) return null;
    this.eventsStored(stored);
    return stored.ticket;
  }

  /**
   * Sets the status unless the ticket has it already, and stores support.ticket_status_changed (its
   * payload made from the ticket before the change) in one transaction. Null when no ticket in another
   * status matched (none, or it has `next` already).
   */
  async changeStatus(
    ticketId: string,
    next: TicketStatus,
    changedOf: (before: TicketDoc, at: Date) => EventPayload<'support.ticket_status_changed'>,
  ): Promise<TicketDoc | null> {
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
        createEvent(this.runtime.service, 'support.ticket_status_changed', ticketId, changedOf(ticket, now)),
      ];
      return {
        ticket: { ...ticket, status: next, updated_at: now },
        ...(await this.storeEvents(session, events)),
      };
    });
    if (!stored) return null;
    this.eventsStored(stored);
    return stored.ticket;
  }

  /** Stores events in the outbox collection as part of the caller's transaction. */
  private async storeEvents(session: ClientSession, events: EventRecord[]) {
    const outboxId = `${events[0].type}:${events[0].id}`;
    await this.outbox.create([{ _id: outboxId, _outbox: toStoredOutbox(events) }], { session });
    return { events, outboxId };
  }

  /** After the commit: the relay publishes the events now. */
  private eventsStored(stored: { events: EventRecord[]; outboxId: string }): void {
    this.runtime.eventsStored(stored.events, { model: this.outbox, id: stored.outboxId });
  }
}
