import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TicketPersonResponse } from '../support/support.dto';

// Reports and the moderation queue (issue 21, docs/moderation.md). Shapes are checked here (422); the
// rules and their messages are the admin service's.

export const TARGET_TYPES = ['post', 'story', 'comment', 'message', 'member'] as const;
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'self_harm',
  'nudity',
  'scam',
  'misinformation',
  'other',
] as const;
export const ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'ban'] as const;

export class ReportBody {
  @ApiProperty({ enum: TARGET_TYPES })
  @IsIn(TARGET_TYPES, { message: `target_type must be one of: ${TARGET_TYPES.join(', ')}` })
  target_type!: string;

  @ApiProperty({ description: 'The post, story, comment, message or member id' })
  @IsString({ message: 'target_id must be a string' })
  @MaxLength(128)
  target_id!: string;

  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `reason must be one of: ${REPORT_REASONS.join(', ')}` })
  reason!: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString({ message: 'details must be a string' })
  @MaxLength(10_000)
  details?: string;
}

export class ReportReceiptResponse {
  @ApiProperty({ example: 'Thanks for letting us know. Our moderators will review it.' }) message!: string;
  @ApiProperty() report_id!: string;
}

export class ReportTargetResponse {
  @ApiProperty({ enum: TARGET_TYPES }) type!: string;
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'Who wrote it (the member themselves for a member report)' })
  member_id!: string;
  @ApiProperty({ description: 'What the first reporter saw' }) text!: string;
  @ApiProperty() media_url!: string;
  @ApiProperty({ description: 'comment: its post; message: its conversation' }) context_id!: string;
  @ApiProperty() created_at!: string;
}

export class ModerationCaseResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['open', 'closed'] }) status!: string;
  @ApiProperty({ type: ReportTargetResponse }) target!: ReportTargetResponse;
  @ApiProperty({ type: TicketPersonResponse }) member!: TicketPersonResponse;
  @ApiProperty() report_count!: number;
  @ApiProperty({ type: String, isArray: true, description: 'Most given first' }) reasons!: string[];
  @ApiProperty() first_reported_at!: string;
  @ApiProperty() last_reported_at!: string;
  @ApiProperty({ enum: ['', ...ACTIONS], description: 'The action that closed it' }) resolution!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When its suspension or ban was lifted early',
  })
  lifted_at!: string | null;
}

export class ModerationReportResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ type: TicketPersonResponse }) reporter!: TicketPersonResponse;
  @ApiProperty({ enum: REPORT_REASONS }) reason!: string;
  @ApiProperty() details!: string;
  @ApiProperty() created_at!: string;
}

export class ModerationActionResponse {
  @ApiProperty() id!: string;
  @ApiProperty() case_id!: string;
  @ApiProperty({ enum: [...ACTIONS, 'lift'] }) action!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ type: TicketPersonResponse }) admin!: TicketPersonResponse;
  @ApiProperty({ type: TicketPersonResponse }) member!: TicketPersonResponse;
  @ApiProperty({ enum: TARGET_TYPES }) target_type!: string;
  @ApiProperty() target_id!: string;
  @ApiProperty({ description: 'A suspension’s end (ISO-8601), else empty' }) until!: string;
  @ApiProperty() created_at!: string;
}

export class ModerationCasePageResponse {
  @ApiProperty({ type: ModerationCaseResponse, isArray: true }) cases!: ModerationCaseResponse[];
  @ApiProperty({ description: 'Empty on the last page' }) next_cursor!: string;
}

export class ModerationCaseDetailResponse {
  @ApiProperty({ type: ModerationCaseResponse }) case!: ModerationCaseResponse;
  @ApiProperty({ type: ModerationReportResponse, isArray: true }) reports!: ModerationReportResponse[];
  @ApiProperty({ type: ModerationActionResponse, isArray: true }) actions!: ModerationActionResponse[];
  @ApiProperty({ type: ModerationCaseResponse, isArray: true, description: 'The member’s earlier cases' })
  prior_cases!: ModerationCaseResponse[];
}

export class ModerationActionPageResponse {
  @ApiProperty({ type: ModerationActionResponse, isArray: true }) actions!: ModerationActionResponse[];
  @ApiProperty({ description: 'Empty on the last page' }) next_cursor!: string;
}

/** A page of the queue or the audit log: how many, and the cursor the previous page answered. */
class ModerationPageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be 1 to 100' })
  @Max(100, { message: 'limit must be 1 to 100' })
  limit?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

export class CasesQuery extends ModerationPageQuery {
  @ApiPropertyOptional({ enum: ['open', 'closed'], default: 'open' })
  @IsOptional()
  @IsIn(['open', 'closed'], { message: 'status must be open or closed' })
  status?: string;

  @ApiPropertyOptional({ enum: TARGET_TYPES })
  @IsOptional()
  @IsIn(TARGET_TYPES, { message: `target_type must be one of: ${TARGET_TYPES.join(', ')}` })
  target_type?: string;

  @ApiPropertyOptional({ enum: REPORT_REASONS })
  @IsOptional()
  @IsIn(REPORT_REASONS, { message: `reason must be one of: ${REPORT_REASONS.join(', ')}` })
  reason?: string;
}

export class ModerationActionsQuery extends ModerationPageQuery {
  @ApiPropertyOptional({ description: 'Only this member’s' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  member_id?: string;
}

export class LiftRestrictionBody {
  @ApiProperty({ maxLength: 500, description: 'Shown to the member and kept in the audit log' })
  @IsOptional()
  @IsString({ message: 'reason must be a string' })
  @MaxLength(10_000)
  reason?: string;
}

export class CaseActionBody {
  @ApiProperty({ enum: ACTIONS })
  @IsIn(ACTIONS, { message: `action must be one of: ${ACTIONS.join(', ')}` })
  action!: string;

  @ApiProperty({
    maxLength: 500,
    description: 'Shown to the member (except for dismiss) and kept in the audit log',
  })
  @IsOptional()
  @IsString({ message: 'reason must be a string' })
  @MaxLength(10_000)
  reason?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 365, description: 'suspend: how many days' })
  @IsOptional()
  @IsInt({ message: 'days must be a whole number' })
  days?: number;
}
