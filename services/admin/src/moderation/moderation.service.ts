import {
  Caller,
  Conflict,
  createEvent,
  Forbidden,
  inTransaction,
  InvalidInput,
  MONGO,
  NotFound,
  RuleViolation,
  RUNTIME,
  ServiceRuntime,
  toStoredOutbox,
  isDuplicateKeyError,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Connection, FilterQuery, Model } from 'mongoose';
import { requireAdmin, requireCaller } from '../members/callers';
import type { NameSource } from '../members/member-names';
import { NAME_SOURCE } from '../tokens';
import type { PersonDoc } from '../support/ticket.schema';
import {
  actionOf,
  actionReasonOf,
  caseFilterOf,
  decodeCursor,
  encodeCursor,
  ModerationMessages,
  pageSizeOf,
  PagePosition,
  reportOf,
  targetTypeOf,
} from './moderation-rules';
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

const PRIOR_CASES = 20;
const ID = /^[\w:-]{1,128}$/;

export interface TargetInput {
  type?: string;
  id?: string;
  memberId?: string;
  text?: string;
  mediaUrl?: string;
  contextId?: string;
  createdAt?: string;
}

export interface CaseDetailDoc {
  case: CaseDoc;
  reports: ReportDoc[];
  actions: ActionDoc[];
  priorCases: CaseDoc[];
}

/** Newest first by (time, id), after the cursor's position. */
function after(field: string, position: PagePosition | null): FilterQuery<unknown> {
  if (!position) return {};
  return {
    $or: [{ [field]: { $lt: position.at } }, { [field]: position.at, _id: { $lt: position.id } }],
  };
}

/**
 * Reports, the moderation queue and the audit log (docs/moderation.md).
 *
 * Every report of one post, story, comment, message or member while nothing has been decided joins one
 * open case (the target's claim document keeps it to one); a member reports a case once. An
 * admin closes a case with one action: the case's conditional update (`status: 'open'`) and the
 * audit-log entry carrying moderation.action_taken are one transaction, so of two admins acting at once
 * one wins and the other is told the case is closed, and an action is published exactly when recorded.
 * What the action does (remove, suspend, ban, notify) happens in the services that own the data.
 */
@Injectable()
export class ModerationService implements OnModuleInit {
  readonly cases: Model<CaseDoc>;
  readonly reports: Model<ReportDoc>;
  readonly actions: Model<ActionDoc>;
  readonly openTargets: Model<OpenTargetDoc>;

  constructor(
    @Inject(MONGO) private readonly connection: Connection,
    @Inject(RUNTIME)
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
    @Inject(NAME_SOURCE) private readonly names: NameSource,
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

  async report(
    caller: Caller | undefined,
    input: { target?: TargetInput; reason?: string; details?: string },
  ): Promise<{ reportId: string; caseId: string }> {
    const reporter = requireCaller(caller);
    const target = this.targetOf(input.target);
    if (target.member_id === reporter.userId) throw new InvalidInput(ModerationMessages.self);
    const { reason, details } = reportOf(input);
    const [reporterName, memberName] = await Promise.all([
      this.person(reporter.userId),
      this.person(target.member_id),
    ]);
    const targetKey = `${target.type}:${target.id}`;
    const reportId = randomUUID();
    // Two first reports at once: both try to insert the target's claim; one transaction commits and
    // the other, run again, finds the claim and joins its case.
    for (let attempt = 0; ; attempt++) {
      try {
        const caseId = await inTransaction(this.connection, async (session) => {
          const now = new Date();
          const claim = await this.openTargets
            .findById(targetKey)
            .session(session)
            .lean<OpenTargetDoc>()
            .exec();
          const caseId = claim?.case_id ?? randomUUID();
          if (!claim) {
            await this.openTargets.create([{ _id: targetKey, case_id: caseId }], { session });
            const opened: CaseDoc = {
              _id: caseId,
              target_key: targetKey,
              status: 'open',
              target,
              member: memberName,
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
                $inc: { report_count: 1, [`reason_counts.${reason}`]: 1 },
                $max: { last_reported_at: now },
              },
              { session },
            )
            .exec();
          await this.reports.create(
            [{ _id: reportId, case_id: caseId, reporter: reporterName, reason, details, created_at: now }],
            { session },
          );
          return caseId;
        });
        return { reportId, caseId };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // Either this member reported the open case already, or another first report claimed the target.
        const claim = await this.openTargets.findById(targetKey).lean<OpenTargetDoc>().exec();
        if (claim && (await this.reports.exists({ case_id: claim.case_id, 'reporter.id': reporter.userId })))
          throw new Conflict(ModerationMessages.duplicate);
        if (attempt >= 2) throw error;
      }
    }
  }

  async list(
    caller: Caller | undefined,
    input: { status?: string; targetType?: string; reason?: string; limit?: number; cursor?: string },
  ): Promise<{ cases: CaseDoc[]; nextCursor: string }> {
    requireAdmin(caller);
    const { status, targetType, reason } = caseFilterOf(input);
    const limit = pageSizeOf(input.limit);
    const filter: FilterQuery<CaseDoc> = {
      status,
      ...(targetType ? { 'target.type': targetType } : {}),
      ...(reason ? { [`reason_counts.${reason}`]: { $gt: 0 } } : {}),
      ...after('last_reported_at', decodeCursor(input.cursor)),
    };
    const cases = await this.cases
      .find(filter)
      .sort({ last_reported_at: -1, _id: -1 })
      .limit(limit + 1)
      .lean<CaseDoc[]>()
      .exec();
    const page = cases.slice(0, limit);
    const last = page[page.length - 1];
    return {
      cases: page,
      nextCursor:
        cases.length > limit && last ? encodeCursor({ at: last.last_reported_at, id: last._id }) : '',
    };
  }

  async detail(caller: Caller | undefined, caseId: string | undefined): Promise<CaseDetailDoc> {
    requireAdmin(caller);
    return this.detailOf(await this.findCase(caseId));
  }

  async act(
    caller: Caller | undefined,
    input: { caseId?: string; action?: string; reason?: string; days?: number },
  ): Promise<CaseDetailDoc> {
    const admin = requireAdmin(caller);
    const found = await this.findCase(input.caseId);
    if (found.member.id === admin.userId) throw new Forbidden(ModerationMessages.ownCase);
    const now = new Date();
    const decision = actionOf(input, found.target.type, now);
    const adminName = await this.person(admin.userId);
    const actionId = randomUUID();
    const closed = await inTransaction(this.connection, async (session) => {
      const updated = await this.cases
        .findOneAndUpdate(
          { _id: found._id, status: 'open' },
          { $set: { status: 'closed', resolution: decision.action, closed_at: now } },
          { new: true, session },
        )
        .lean<CaseDoc>()
        .exec();
      if (!updated) return null;
      await this.openTargets.deleteOne({ _id: updated.target_key, case_id: updated._id }, { session }).exec();
      const events = [
        createEvent(this.runtime.service, 'moderation.action_taken', updated.member.id, {
          actionId,
          caseId: updated._id,
          action: decision.action,
          reason: decision.reason,
          adminId: admin.userId,
          memberId: updated.member.id,
          targetType: updated.target.type,
          targetId: updated.target.id,
          contextId: updated.target.context_id,
          until: decision.until?.toISOString() ?? '',
          takenAt: now.toISOString(),
          liftsActionId: '',
        }),
      ];
      const entry: ActionDoc = {
        _id: actionId,
        case_id: updated._id,
        action: decision.action,
        reason: decision.reason,
        admin: adminName,
        member: updated.member,
        target_type: updated.target.type,
        target_id: updated.target.id,
        until: decision.until,
        created_at: now,
      };
      await this.actions.create([{ ...entry, _outbox: toStoredOutbox(events) }], { session });
      return { updated, events };
    });
    if (!closed) throw new RuleViolation(ModerationMessages.closed);
    this.runtime.eventsStored(closed.events, { model: this.actions, id: actionId });
    return this.detailOf(closed.updated);
  }

  /**
   * Ends early the suspension or ban a closed case imposed: once (the case's lifted_at is set in the
   * transaction that writes the audit entry and the event, so concurrent lifts make one).
   */
  async lift(
    caller: Caller | undefined,
    input: { caseId?: string; reason?: string },
  ): Promise<CaseDetailDoc> {
    const admin = requireAdmin(caller);
    const found = await this.findCase(input.caseId);
    if (found.member.id === admin.userId) throw new Forbidden(ModerationMessages.ownCase);
    const reason = actionReasonOf(input.reason);
    const imposed = await this.actions
      .findOne({ case_id: found._id, action: { $in: ['suspend', 'ban'] } })
      .select({ _outbox: 0 })
      .lean<ActionDoc>()
      .exec();
    if (!imposed) throw new RuleViolation(ModerationMessages.nothingToLift);
    const now = new Date();
    const adminName = await this.person(admin.userId);
    const actionId = randomUUID();
    const lifted = await inTransaction(this.connection, async (session) => {
      const updated = await this.cases
        .findOneAndUpdate(
          { _id: found._id, status: 'closed', resolution: imposed.action, lifted_at: null },
          { $set: { lifted_at: now } },
          { new: true, session },
        )
        .lean<CaseDoc>()
        .exec();
      if (!updated) return null;
      const events = [
        createEvent(this.runtime.service, 'moderation.action_taken', updated.member.id, {
          actionId,
          caseId: updated._id,
          action: 'lift',
          reason,
          adminId: admin.userId,
          memberId: updated.member.id,
          targetType: updated.target.type,
          targetId: updated.target.id,
          contextId: updated.target.context_id,
          until: '',
          takenAt: now.toISOString(),
          liftsActionId: imposed._id,
        }),
      ];
      const entry: ActionDoc = {
        _id: actionId,
        case_id: updated._id,
        action: 'lift',
        reason,
        admin: adminName,
        member: updated.member,
        target_type: updated.target.type,
        target_id: updated.target.id,
        until: null,
        created_at: now,
      };
      await this.actions.create([{ ...entry, _outbox: toStoredOutbox(events) }], { session });
      return { updated, events };
    });
    if (!lifted) throw new RuleViolation(ModerationMessages.nothingToLift);
    this.runtime.eventsStored(lifted.events, { model: this.actions, id: actionId });
    return this.detailOf(lifted.updated);
  }

  async auditLog(
    caller: Caller | undefined,
    input: { memberId?: string; limit?: number; cursor?: string },
  ): Promise<{ actions: ActionDoc[]; nextCursor: string }> {
    requireAdmin(caller);
    const memberId = (input.memberId ?? '').trim();
    if (memberId && !ID.test(memberId)) throw new InvalidInput('member id is not valid');
    const limit = pageSizeOf(input.limit);
    const actions = await this.actions
      .find({
        ...(memberId ? { 'member.id': memberId } : {}),
        ...after('created_at', decodeCursor(input.cursor)),
      })
      .sort({ created_at: -1, _id: -1 })
      .limit(limit + 1)
      .select({ _outbox: 0 })
      .lean<ActionDoc[]>()
      .exec();
    const page = actions.slice(0, limit);
    const last = page[page.length - 1];
    return {
      actions: page,
      nextCursor: actions.length > limit && last ? encodeCursor({ at: last.created_at, id: last._id }) : '',
    };
  }

  countOpen(): Promise<number> {
    return this.cases.countDocuments({ status: 'open' }).exec();
  }

  private async detailOf(found: CaseDoc): Promise<CaseDetailDoc> {
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
        .limit(PRIOR_CASES)
        .lean<CaseDoc[]>()
        .exec(),
    ]);
    return { case: found, reports, actions, priorCases };
  }

  private async findCase(caseId: string | undefined): Promise<CaseDoc> {
    const id = (caseId ?? '').trim();
    const found = ID.test(id) ? await this.cases.findById(id).lean<CaseDoc>().exec() : null;
    if (!found) throw new NotFound(ModerationMessages.caseNotFound);
    return found;
  }

  private targetOf(input: TargetInput | undefined): TargetDoc {
    const type = targetTypeOf(input?.type);
    const id = (input?.id ?? '').trim();
    const memberId = (input?.memberId ?? '').trim();
    if (!ID.test(id) || !ID.test(memberId)) throw new InvalidInput(ModerationMessages.target);
    return {
      type,
      id,
      member_id: memberId,
      text: (input?.text ?? '').slice(0, 5000),
      media_url: (input?.mediaUrl ?? '').slice(0, 2000),
      context_id: (input?.contextId ?? '').slice(0, 128),
      created_at: (input?.createdAt ?? '').slice(0, 40),
    };
  }

  private async person(userId: string): Promise<PersonDoc> {
    const name = await this.names.find(userId);
    return { id: userId, username: name?.username ?? '', display_name: name?.displayName ?? '' };
  }
}
