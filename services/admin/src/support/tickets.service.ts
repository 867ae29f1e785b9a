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
import { isDuplicateKeyError } from '@aura/platform';
import type { NameSource, PersonName } from '../members/member-names';
import {
  PersonDoc,
  StoredResponseDoc,
  TicketChangeDoc,
  ticketChangeSchema,
  TicketDoc,
  ticketResponseSchema,
  ticketSchema,
  TicketView,
} from './ticket.schema';
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
 *
 * FerretDB has no atomic read-modify-write (ADR 0003), so nothing here depends on one: an answer is a
 * document of its own (two admins answering at once both keep their answer), and a status change is
 * decided by inserting the ticket's next version into `ticket_changes` (of two changes judged against
 * the same state, one inserts; the other re-reads and is judged again — two "resolve" clicks resolve
 * once). The ticket document follows its latest change; reads merge in a change it has not caught up
 * with yet.
 */
export class TicketsService {
  readonly tickets: Model<TicketDoc>;
  readonly responses: Model<StoredResponseDoc>;
  readonly changes: Model<TicketChangeDoc>;
  private readonly outbox: OutboxModel;

  constructor(
    connection: Connection,
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
    private readonly names: NameSource,
    private readonly changed: () => void = () => {},
  ) {
    this.tickets = connection.models.Ticket ?? connection.model<TicketDoc>('Ticket', ticketSchema);
    this.responses =
      connection.models.TicketResponse ??
      connection.model<StoredResponseDoc>('TicketResponse', ticketResponseSchema);
    this.changes =
      connection.models.TicketChange ?? connection.model<TicketChangeDoc>('TicketChange', ticketChangeSchema);
    this.outbox = outboxCollection(connection, 'outbox');
    runtime.registerOutbox(this.tickets, this.outbox);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.tickets.init(), this.responses.init(), this.changes.init(), this.outbox.init()]);
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
      version: 0,
      created_at: now,
      updated_at: now,
    };
    await this.tickets.create({ ...doc, _outbox: toStoredOutbox(events) });
    this.runtime.eventsStored(events, { model: this.tickets, id });
    this.changed();
    return { ...doc, responses: [] } satisfies TicketView;
  }

  async listMine(caller: Caller | undefined): Promise<TicketView[]> {
    const member = requireCaller(caller);
    const docs = await this.tickets
      .find({ user_id: member.userId })
      .sort({ created_at: -1 })
      .limit(LIST_MAX)
      .lean<TicketDoc[]>()
      .exec();
    return this.views(docs);
  }

  async listAll(
    caller: Caller | undefined,
    input: { status?: string; limit?: number },
  ): Promise<TicketView[]> {
    requireAdmin(caller);
    const status = input.status ? statusOf(input.status) : null;
    const asked = Number(input.limit ?? 0);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, LIST_MAX) : LIST_DEFAULT;
    const docs = await this.tickets
      .find({})
      .sort({ created_at: -1 })
      .limit(LIST_MAX)
      .lean<TicketDoc[]>()
      .exec();
    const views = await this.views(docs);
    return (status ? views.filter((ticket) => ticket.status === status) : views).slice(0, limit);
  }

  countOpen(): Promise<number> {
    return this.tickets.countDocuments({ status: { $in: OPEN_STATUSES } }).exec();
  }

  async respond(
    caller: Caller | undefined,
    ticketId: string,
    message: string | undefined,
  ): Promise<TicketView> {
    const admin = requireAdmin(caller);
    const text = responseOf(message);
    const ticket = await this.current(ticketId);
    const author = personDoc(await this.names.find(admin.userId), admin.userId);
    const responseId = randomUUID();
    const now = new Date();
    await this.responses.create({
      _id: responseId,
      ticket_id: ticketId,
      id: responseId,
      message: text,
      is_admin_response: true,
      author,
      created_at: now,
    });
    // The first answer moves an open ticket to in_progress and assigns the answering admin.
    const after = await this.change(ticketId, (state) =>
      state.status === 'open' || !state.assigned_admin
        ? { status: statusAfterResponse(state.status), assigned_admin: state.assigned_admin ?? author }
        : null,
    );
    await this.publish(`response:${responseId}`, [
      createEvent(this.runtime.service, 'support.ticket_responded', ticketId, {
        ticketId,
        userId: ticket.user_id,
        responseId,
        adminId: admin.userId,
        subject: ticket.subject,
        message: text,
        status: after.status,
        respondedAt: now.toISOString(),
      }),
    ]);
    this.changed();
    return this.view(ticketId);
  }

  async setStatus(
    caller: Caller | undefined,
    ticketId: string,
    value: string | undefined,
  ): Promise<TicketView> {
    const admin = requireAdmin(caller);
    const next = statusOf(value);
    let previous: TicketStatus = 'open';
    let applied = false;
    const after = await this.change(ticketId, (state) => {
      checkStatusChange(state.status, next);
      previous = state.status;
      applied = state.status !== next;
      return applied ? { status: next, assigned_admin: state.assigned_admin } : null;
    });
    if (applied) {
      await this.publish(`status:${ticketId}:${after.version}`, [
        createEvent(this.runtime.service, 'support.ticket_status_changed', ticketId, {
          ticketId,
          userId: after.user_id,
          adminId: admin.userId,
          subject: after.subject,
          previousStatus: previous,
          status: next,
          changedAt: new Date().toISOString(),
        }),
      ]);
      this.changed();
    }
    return this.view(ticketId);
  }

  /**
   * Applies `decide(state)` as the ticket's next version (null: nothing to change). A version another
   * change took first means the state moved: read again and decide again.
   */
  private async change(
    ticketId: string,
    decide: (state: TicketDoc) => Pick<TicketDoc, 'status' | 'assigned_admin'> | null,
  ): Promise<TicketDoc> {
    for (let attempt = 0; ; attempt++) {
      const state = await this.current(ticketId);
      const next = decide(state);
      if (!next) return state;
      const version = state.version + 1;
      const at = new Date();
      try {
        await this.changes.create({
          _id: `${ticketId}:${version}`,
          ticket_id: ticketId,
          version,
          ...next,
          at,
        });
      } catch (error) {
        if (isDuplicateKeyError(error) && attempt < 20) continue;
        throw error;
      }
      const updated = { ...state, ...next, version, updated_at: at };
      await this.follow(ticketId, updated);
      return updated;
    }
  }

  /** Brings the ticket document up to `target` unless a later change got there first. */
  private async follow(ticketId: string, target: TicketDoc): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = await this.tickets.findById(ticketId, { version: 1 }).lean<{ version?: number }>().exec();
      if ((doc?.version ?? 0) >= target.version) return;
      await this.tickets
        .updateOne(
          { _id: ticketId },
          {
            $set: {
              status: target.status,
              assigned_admin: target.assigned_admin,
              version: target.version,
              updated_at: target.updated_at,
            },
          },
        )
        .exec();
    }
  }

  /** The ticket as of its latest change (the document may not have followed it yet). */
  private async current(ticketId: string): Promise<TicketDoc> {
    const doc = ticketId ? await this.tickets.findById(ticketId).lean<TicketDoc>().exec() : null;
    if (!doc) throw new NotFound(TicketMessages.notFound);
    const [latest] = await this.changes
      .find({ ticket_id: ticketId, version: { $gt: doc.version ?? 0 } })
      .sort({ version: -1 })
      .limit(1)
      .lean<TicketChangeDoc[]>()
      .exec();
    return latest ? merge(doc, latest) : { ...doc, version: doc.version ?? 0 };
  }

  private async view(ticketId: string): Promise<TicketView> {
    const [view] = await this.views([await this.current(ticketId)]);
    return view;
  }

  /** Tickets with their answers (oldest first) and any change their documents have not followed yet. */
  private async views(docs: TicketDoc[]): Promise<TicketView[]> {
    if (docs.length === 0) return [];
    const ids = docs.map((doc) => doc._id);
    const [responses, changes] = await Promise.all([
      this.responses
        .find({ ticket_id: { $in: ids } })
        .lean<StoredResponseDoc[]>()
        .exec(),
      this.changes
        .find({ ticket_id: { $in: ids } })
        .lean<TicketChangeDoc[]>()
        .exec(),
    ]);
    const answers = new Map<string, StoredResponseDoc[]>();
    for (const response of responses)
      answers.set(response.ticket_id, [...(answers.get(response.ticket_id) ?? []), response]);
    const latest = new Map<string, TicketChangeDoc>();
    for (const change of changes)
      if ((latest.get(change.ticket_id)?.version ?? -1) < change.version)
        latest.set(change.ticket_id, change);
    return docs.map((doc) => {
      const change = latest.get(doc._id);
      const ticket = change && change.version > (doc.version ?? 0) ? merge(doc, change) : doc;
      const list = (answers.get(doc._id) ?? []).sort(
        (a, b) => +new Date(a.created_at) - +new Date(b.created_at),
      );
      return {
        ...ticket,
        responses: list.map(({ id, message, is_admin_response, author, created_at }) => ({
          id,
          message,
          is_admin_response,
          author,
          created_at,
        })),
      };
    });
  }

  private async publish(id: string, events: ReturnType<typeof createEvent>[]): Promise<void> {
    if (await insertOutboxEvents(this.outbox, id, events))
      this.runtime.eventsStored(events, { model: this.outbox, id });
  }
}

function merge(doc: TicketDoc, change: TicketChangeDoc): TicketDoc {
  return {
    ...doc,
    status: change.status,
    assigned_admin: change.assigned_admin,
    version: change.version,
    updated_at: change.at,
  };
}
