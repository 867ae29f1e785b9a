import { createEvent, inTransaction, MONGO, RUNTIME, ServiceRuntime, toStoredOutbox } from '@aura/platform';
import type { EventPayload } from '@aura/proto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { ClientSession, Connection, FilterQuery, Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { PersonDoc } from '../support/ticket.schema';
import type { CaseStatus, PagePosition } from './moderation-rules';
import {
  ActionDoc,
  actionSchema,
  CaseDoc,
  caseSchema,
  OpenTargetDoc,
  openTargetSchema,
  ReportDoc,
  reportSchema,
  TargetDoc,
} from './moderation.schema';

/** What an action records: its audit-log entry and the moderation.action_taken it publishes (keyed by the entry's member). */
export interface ActionRecord {
  entry: ActionDoc;
  event: EventPayload<'moderation.action_taken'>;
}

/** A report as filed: what is reported, by whom, and why. */
export interface ReportInput {
  reportId: string;
  targetKey: string;
  target: TargetDoc;
  member: PersonDoc;
  reporter: PersonDoc;
  reason: string;
  details: string;
}

/** Newest first by (time, id), after the cursor's position. */
function after(field: string, position: PagePosition | null): FilterQuery<unknown> {
  if (!position) return {};
  return {
    $or: [{ [field]: { $lt: position.at } }, { [field]: position.at, _id: { $lt: position.id } }],
  };
}

/**
 * The moderation case and what belongs to it: the case (`ModerationCase`), its reports, the audit-log
 * entries of its actions (carrying moderation.action_taken in their outbox) and the open-target claim
 * that keeps a target to one open case. Every change of a case is one transaction.
 */
@Injectable()
export class ModerationRepository implements OnModuleInit {
  readonly cases: Model<CaseDoc>;
  readonly reports: Model<ReportDoc>;
  readonly actions: Model<ActionDoc>;
  readonly openTargets: Model<OpenTargetDoc>;

  constructor(
    @Inject(MONGO) private readonly connection: Connection,
    @Inject(RUNTIME)
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
  ) {
    this.cases = connection.models.ModerationCase ?? connection.model<CaseDoc>('ModerationCase', caseSchema);
    this.reports =
      connection.models.ModerationReport ?? connection.model<ReportDoc>('ModerationReport', reportSchema);
    this.actions =
      connection.models.ModerationAction ?? connection.model<ActionDoc>('ModerationAction', actionSchema);
    this.openTargets =
      connection.models.ModerationOpenTarget ??
      connection.model<OpenTargetDoc>('ModerationOpenTarget', openTargetSchema);
    runtime.registerOutbox(this.actions);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.cases.init(), this.reports.init(), this.actions.init(), this.openTargets.init()]);
  }

  /**
   * Files the report in one transaction: with the target's open case (its claim), or with a new case
   * and the claim when the target has none. Answers the case's id. A duplicate-key error says that
   * another first report claimed the target meanwhile, or that this reporter reported the case already
   * (hasReported tells which).
   */
  fileReport(report: ReportInput): Promise<string> {
    return inTransaction(this.connection, async (session) => {
      const now = new Date();
      const claim = await this.openTargets
        .findById(report.targetKey)
        .session(session)
        .lean<OpenTargetDoc>()
        .exec();
      const caseId = claim?.case_id ?? randomUUID();
      if (!claim) {
        await this.openTargets.create([{ _id: report.targetKey, case_id: caseId }], { session });
        const opened: CaseDoc = {
          _id: caseId,
          target_key: report.targetKey,
          status: 'open',
          target: report.target,
          member: report.member,
          report_count: 0,
          reason_counts: {},
          first_reported_at: now,
          last_reported_at: now,
          resolution: '',
          closed_at: null,
        };
        await this.cases.create([opened], { session });
      }
      await this.cases
        .updateOne(
          { _id: caseId, status: 'open' },
          {
            $inc: { report_count: 1, [`reason_counts.${report.reason}`]: 1 },
            $max: { last_reported_at: now },
          },
          { session },
        )
        .exec();
      await this.reports.create(
        [
          {
            _id: report.reportId,
            case_id: caseId,
            reporter: report.reporter,
            reason: report.reason,
            details: report.details,
            created_at: now,
          },
        ],
        { session },
      );
      return caseId;
    });
  }

  /** True when the target has an open case that `reporterId` reported already. */
  async hasReported(targetKey: string, reporterId: string): Promise<boolean> {
    const claim = await this.openTargets.findById(targetKey).lean<OpenTargetDoc>().exec();
    return Boolean(
      claim && (await this.reports.exists({ case_id: claim.case_id, 'reporter.id': reporterId })),
    );
  }

  /** Up to `limit` cases, newest report first, after `position`. */
  listCases(
    filter: { status: CaseStatus; targetType: string | null; reason: string | null },
    position: PagePosition | null,
    limit: number,
  ): Promise<CaseDoc[]> {
    const query: FilterQuery<CaseDoc> = {
      status: filter.status,
      ...(filter.targetType ? { 'target.type': filter.targetType } : {}),
      ...(filter.reason ? { [`reason_counts.${filter.reason}`]: { $gt: 0 } } : {}),
      ...after('last_reported_at', position),
    };
    return this.cases
      .find(query)
      .sort({ last_reported_at: -1, _id: -1 })
      .limit(limit)
      .lean<CaseDoc[]>()
      .exec();
  }

  findCase(caseId: string): Promise<CaseDoc | null> {
    return this.cases.findById(caseId).lean<CaseDoc>().exec();
  }

  /** The suspension or ban a case imposed, if any. */
  imposedBy(caseId: string): Promise<ActionDoc | null> {
    return this.actions
      .findOne({ case_id: caseId, action: { $in: ['suspend', 'ban'] } })
      .select({ _outbox: 0 })
      .lean<ActionDoc>()
      .exec();
  }

  /**
   * Closes the open case with `resolution` at `at`, releases its target's claim and records the action
   * (recordOf, from the closed case) with its event, in one transaction. Null when the case was not
   * open (another admin acted first).
   */
  close(
    caseId: string,
    resolution: CaseDoc['resolution'],
    at: Date,
    recordOf: (closed: CaseDoc) => ActionRecord,
  ): Promise<CaseDoc | null> {
    return this.record(
      { _id: caseId, status: 'open' },
      { $set: { status: 'closed', resolution, closed_at: at } },
      recordOf,
      (updated, session) =>
        this.openTargets.deleteOne({ _id: updated.target_key, case_id: updated._id }, { session }).exec(),
    );
  }

  /**
   * Marks the suspension or ban (`imposed`) of the closed case lifted at `at` and records the lift
   * (recordOf) with its event, in one transaction. Null when it is lifted already.
   */
  lift(
    caseId: string,
    imposed: ActionDoc['action'],
    at: Date,
    recordOf: (lifted: CaseDoc) => ActionRecord,
  ): Promise<CaseDoc | null> {
    return this.record(
      { _id: caseId, status: 'closed', resolution: imposed, lifted_at: null },
      { $set: { lifted_at: at } },
      recordOf,
    );
  }

  /** Audit-log entries (of one member, or all), newest first, after `position`. */
  auditLog(memberId: string, position: PagePosition | null, limit: number): Promise<ActionDoc[]> {
    return this.actions
      .find({
        ...(memberId ? { 'member.id': memberId } : {}),
        ...after('created_at', position),
      })
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .select({ _outbox: 0 })
      .lean<ActionDoc[]>()
      .exec();
  }

  countOpen(): Promise<number> {
    return this.cases.countDocuments({ status: 'open' }).exec();
  }

  /** A case's reports (newest first), its actions in order, and up to `priorLimit` other cases of its member. */
  async historyOf(found: CaseDoc, priorLimit: number) {
    const [reports, actions, priorCases] = await Promise.all([
      this.reports
        .find({ case_id: found._id })
        .sort({ created_at: -1 })
        .limit(200)
        .lean<ReportDoc[]>()
        .exec(),
      // The case's history in order: the action that closed it, then any lift.
      this.actions
        .find({ case_id: found._id })
        .sort({ created_at: 1, _id: 1 })
        .select({ _outbox: 0 })
        .lean<ActionDoc[]>()
        .exec(),
      this.cases
        .find({ 'member.id': found.member.id, _id: { $ne: found._id } })
        .sort({ first_reported_at: -1 })
        .limit(priorLimit)
        .lean<CaseDoc[]>()
        .exec(),
    ]);
    return { reports, actions, priorCases };
  }

  /**
   * One conditional update of a case and the action it records, in one transaction: the update, then
   * `alongside` if given (in the same session), then the audit-log entry with its event. After the commit the
   * relay is told. Null when the update matched nothing.
   */
  private async record(
    filter: FilterQuery<CaseDoc>,
    update: object,
    recordOf: (updated: CaseDoc) => ActionRecord,
    alongside?: (updated: CaseDoc, session: ClientSession) => Promise<unknown>,
  ): Promise<CaseDoc | null> {
    const done = await inTransaction(this.connection, async (session) => {
      const updated = await this.cases
        .findOneAndUpdate(filter, update, { new: true, session })
        .lean<CaseDoc>()
        .exec();
      if (!updated) return null;
      await alongside?.(updated, session);
      const { entry, event } = recordOf(updated);
      const events = [createEvent(this.runtime.service, 'moderation.action_taken', entry.member.id, event)];
      await this.actions.create([{ ...entry, _outbox: toStoredOutbox(events) }], { session });
      return { updated, events, id: entry._id };
    });
    if (!done) return null;
    this.runtime.eventsStored(done.events, { model: this.actions, id: done.id });
    return done.updated;
  }
}
