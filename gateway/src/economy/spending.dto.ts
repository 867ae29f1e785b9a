import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

// Spending that cares (docs/spending.md): the member's daily limit and pause threshold. Amounts are AC
// (3 decimals); null is "none". Economy owns the rules; shapes are checked here (422 when malformed).

const SETTING_DOC = {
  oneOf: [{ type: 'number' }, { type: 'string' }],
  nullable: true,
  description:
    'AC from 0 to 1,000,000 with at most 3 decimals (a decimal string is accepted too); null removes it; absent leaves it. ' +
    'Setting a first value or a lower one takes effect at once; a higher one, or a removal, after 24 hours.',
};

export class PendingSpendingChangeResponse {
  @ApiProperty({ type: Number, nullable: true, example: 80, description: 'AC; null: removed then' })
  value!: number | null;
  @ApiProperty({
    example: '2026-11-30T10:00:00.000Z',
    description: 'When it takes effect (24 hours after it was asked for)',
  })
  effective_at!: string;
}

export class SpendingSettingsResponse {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 50,
    description: 'AC a day for tips, transfers and purchases; null: none',
  })
  daily_limit!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 10,
    description:
      'A spend above this many AC asks for a pause when the last two check-ins were low; null: never',
  })
  pause_threshold!: number | null;
  @ApiProperty({
    type: PendingSpendingChangeResponse,
    nullable: true,
    description: 'A raise or removal waiting for its time',
  })
  pending_daily_limit!: PendingSpendingChangeResponse | null;
  @ApiProperty({ type: PendingSpendingChangeResponse, nullable: true })
  pending_pause_threshold!: PendingSpendingChangeResponse | null;
  @ApiProperty({
    example: 12.5,
    description: 'AC spent since the start of the UTC day (tips, transfers, purchases)',
  })
  spent_today!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 37.5,
    description: 'AC left under the daily limit today; null: no limit',
  })
  left_today!: number | null;
  @ApiProperty({
    example: '2026-11-30T00:00:00.000Z',
    description: 'The next UTC midnight, when spent_today starts again',
  })
  day_resets_at!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description:
      'While the member waits ("Wait 10 minutes"), spends above the pause threshold are refused until then',
  })
  cooling_off_until!: string | null;
  @ApiProperty({ description: 'The last two check-ins were both low (sad or anxious, or energy 3 or less)' })
  low_mood!: boolean;
}

export class UpdateSpendingSettingsRequest {
  @ApiPropertyOptional({ ...SETTING_DOC, example: 50 })
  @Allow()
  daily_limit?: unknown;

  @ApiPropertyOptional({ ...SETTING_DOC, example: 10 })
  @Allow()
  pause_threshold?: unknown;
}

/** The answer of the pause, on the routes that spend. */
export const CONFIRM_PAUSE_DOC = {
  type: Boolean,
  description:
    'true: the member answered the pause ("Take a breath — still want to send 25 AC?") with yes (docs/spending.md); absent: false',
};
