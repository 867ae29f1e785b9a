import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';
import type { PersonDoc } from '../support/ticket.schema';
import type { CaseStatus, ModerationActionKind, ReportReason, TargetType } from './moderation-rules';

/** What was reported, as the reporter saw it (the evidence stays with the case if it changes). */
export interface TargetDoc {
  type: TargetType;
  id: string;
  member_id: string;
  text: string;
  media_url: string;
  /** comment: its post; message: its conversation. */
  context_id: string;
  created_at: string;
}

/** Every report of one thing while it is open; closed by one action (the audit log holds it). */
export interface CaseDoc {
  _id: string;
  /** `<type>:<id>` of the target. */
  target_key: string;
  status: CaseStatus;
  target: TargetDoc;
  member: PersonDoc;
  report_count: number;
  reason_counts: Record<string, number>;
  first_reported_at: Date;
  last_reported_at: Date;
  resolution: ModerationActionKind | '';
  closed_at: Date | null;
  /** A suspension or ban this case imposed that an admin ended early. */
  lifted_at?: Date | null;
}

/**
 * The open case of a target: inserted with the case, deleted when it closes. Its `_id` (the target key)
 * keeps it to one open case per target. A claim document rather than a unique index on the case's own
 * fields, because the case changes from open to closed in place and the local engine keeps an updated
 * document's old key in a unique index (docs/adr/0010-mongodb-semantics.md, rule 7).
 */
export interface OpenTargetDoc {
  _id: string;
  case_id: string;
}

export interface ReportDoc {
  _id: string;
  case_id: string;
  reporter: PersonDoc;
  reason: ReportReason;
  details: string;
  created_at: Date;
}

/** The audit log: one entry per action, never changed. Its insert carries moderation.action_taken. */
export interface ActionDoc {
  _id: string;
  case_id: string;
  action: ModerationActionKind | 'lift';
  reason: string;
  admin: PersonDoc;
  member: PersonDoc;
  target_type: TargetType;
  target_id: string;
  until: Date | null;
  created_at: Date;
}

const person = { _id: false, id: String, username: String, display_name: String };
const target = new Schema<TargetDoc>(
  {
    // `type` is a field here, not mongoose's type key.
    type: { type: String },
    id: String,
    member_id: String,
    text: String,
    media_url: String,
    context_id: String,
    created_at: String,
  },
  { _id: false },
);

export const caseSchema = new Schema<CaseDoc>(
  {
    _id: { type: String, required: true },
    target_key: { type: String, required: true },
    status: { type: String, required: true },
    target: { type: target, required: true },
    member: { type: person, required: true },
    report_count: { type: Number, required: true },
    reason_counts: { type: Schema.Types.Mixed, default: {} },
    first_reported_at: { type: Date, required: true },
    last_reported_at: { type: Date, required: true },
    resolution: { type: String, default: '' },
    closed_at: { type: Date, default: null },
    lifted_at: { type: Date, default: null },
  },
  { collection: 'moderation_cases', versionKey: false, minimize: false },
);
// The queue (by status, newest report first) and a member's earlier cases.
caseSchema.index({ status: 1, last_reported_at: -1, _id: -1 });
caseSchema.index({ 'member.id': 1, first_reported_at: -1 });

export const openTargetSchema = new Schema<OpenTargetDoc>(
  { _id: { type: String, required: true }, case_id: { type: String, required: true } },
  { collection: 'moderation_open_targets', versionKey: false },
);

export const reportSchema = new Schema<ReportDoc>(
  {
    _id: { type: String, required: true },
    case_id: { type: String, required: true },
    reporter: { type: person, required: true },
    reason: { type: String, required: true },
    details: { type: String, default: '' },
    created_at: { type: Date, required: true },
  },
  { collection: 'moderation_reports', versionKey: false },
);
// One report per member and case: a second tap is "You have already reported this".
reportSchema.index({ case_id: 1, 'reporter.id': 1 }, { unique: true });

export const actionSchema = new Schema<ActionDoc>(
  {
    _id: { type: String, required: true },
    case_id: { type: String, required: true },
    action: { type: String, required: true },
    reason: { type: String, required: true },
    admin: { type: person, required: true },
    member: { type: person, required: true },
    target_type: { type: String, required: true },
    target_id: { type: String, required: true },
    until: { type: Date, default: null },
    created_at: { type: Date, required: true },
  },
  { collection: 'moderation_actions', versionKey: false },
);
actionSchema.plugin(outboxPlugin);
actionSchema.index({ created_at: -1, _id: -1 });
actionSchema.index({ 'member.id': 1, created_at: -1 });
actionSchema.index({ case_id: 1 });
