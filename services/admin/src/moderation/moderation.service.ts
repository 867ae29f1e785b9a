import {
  Caller,
  Conflict,
  Forbidden,
  InvalidInput,
  NotFound,
  RuleViolation,
  isDuplicateKeyError,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
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
  reportOf,
  targetTypeOf,
} from './moderation-rules';
import { ModerationRepository } from './moderation.repository';
import { ActionDoc, CaseDoc, ReportDoc, TargetDoc } from './moderation.schema';

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
export class ModerationService {
  constructor(
    @Inject(ModerationRepository) private readonly repository: ModerationRepository,
    @Inject(NAME_SOURCE) private readonly names: NameSource,
  ) {}

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
        const caseId = await this.repository.fileReport({
          reportId,
          targetKey,
          target,
          member: memberName,
          reporter: reporterName,
          reason,
          details,
        });
        return { reportId, caseId };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // Either this member reported the open case already, or another first report claimed the target.
        if (await this.repository.hasReported(targetKey, reporter.userId))
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
    const filter = caseFilterOf(input);
    const limit = pageSizeOf(input.limit);
    const cases = await this.repository.listCases(filter, decodeCursor(input.cursor), limit + 1);
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
    const closed = await this.repository.close(found._id, decision.action, now, (updated) => ({
      event: {
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
      },
      entry: {
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
      },
    }));
    if (!closed) throw new RuleViolation(ModerationMessages.closed);
    return this.detailOf(closed);
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
    const imposed = await this.repository.imposedBy(found._id);
    if (!imposed) throw new RuleViolation(ModerationMessages.nothingToLift);
    const now = new Date();
    const adminName = await this.person(admin.userId);
    const actionId = randomUUID();
    const lifted = await this.repository.lift(found._id, imposed.action, now, (updated) => ({
      event: {
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
      },
      entry: {
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
      },
    }));
    if (!lifted) throw new RuleViolation(ModerationMessages.nothingToLift);
    return this.detailOf(lifted);
  }

  async auditLog(
    caller: Caller | undefined,
    input: { memberId?: string; limit?: number; cursor?: string },
  ): Promise<{ actions: ActionDoc[]; nextCursor: string }> {
    requireAdmin(caller);
    const memberId = (input.memberId ?? '').trim();
    if (memberId && !ID.test(memberId)) throw new InvalidInput('member id is not valid');
    const limit = pageSizeOf(input.limit);
    const actions = await this.repository.auditLog(memberId, decodeCursor(input.cursor), limit + 1);
    const page = actions.slice(0, limit);
    const last = page[page.length - 1];
    return {
      actions: page,
      nextCursor: actions.length > limit && last ? encodeCursor({ at: last.created_at, id: last._id }) : '',
    };
  }

  countOpen(): Promise<number> {
    return this.repository.countOpen();
  }

  private async detailOf(found: CaseDoc): Promise<CaseDetailDoc> {
    return { case: found, ...(await this.repository.historyOf(found, PRIOR_CASES)) };
  }

  private async findCase(caseId: string | undefined): Promise<CaseDoc> {
    const id = (caseId ?? '').trim();
    const found = ID.test(id) ? await this.repository.findCase(id) : null;
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
