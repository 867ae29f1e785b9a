import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CONFIRM_PAUSE_DOC } from './spending.dto';

// Shapes are checked here (422 when malformed); the money rules live in economy (400 with the
// spec's message). Amounts are AC as JSON numbers (or decimal strings), converted exactly to micro-AC.

const AMOUNT_DOC = {
  oneOf: [{ type: 'number' }, { type: 'string' }],
  description:
    'AC, at least 0.001 (step 0.001; up to 6 decimals are kept exactly). A decimal string is accepted too.',
};

export class WalletResponse {
  @ApiProperty({ example: 12.345, description: 'AC, 3 decimals, truncated (never rounded up)' })
  aura_coin_balance!: number;
  @ApiProperty({ example: 12.345, description: 'USD at the current coin price, 3 decimals' })
  usd_equivalent!: number;
  @ApiProperty({ example: 3.21, description: 'AC earned all time (rewards and tips received), 3 decimals' })
  total_earned!: number;
  @ApiProperty({ example: 12_345_678, description: 'The exact balance in micro-AC (1 AC = 1,000,000)' })
  aura_coin_balance_micro!: number;
  @ApiProperty({ example: 1, description: 'The coin price used, USD per AC' })
  coin_price_usd!: number;
  @ApiProperty({
    example: 3.21,
    description:
      'AC the member may withdraw, 3 decimals: what they earned, not AC bought with a card or credited by an admin',
  })
  withdrawable!: number;
}

export class CounterpartyResponse {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
}

export class TransactionResponse {
  @ApiProperty({ description: 'The transfer id (the same in both members’ histories)' }) id!: string;
  @ApiProperty({ example: 'Energy sent to @luna' }) description!: string;
  @ApiProperty({ enum: ['earning', 'spending', 'transfer', 'other'] })
  transaction_type!: 'earning' | 'spending' | 'transfer' | 'other';
  @ApiProperty({ example: -1.5, description: 'Signed AC (negative when AC left the wallet), 3 decimals' })
  amount!: number;
  @ApiProperty({ example: -1_500_000, description: 'Signed, exact, in micro-AC' }) amount_micro!: number;
  @ApiProperty({ example: '2026-05-01T12:00:00.000Z' }) created_at!: string;
  @ApiProperty({ type: CounterpartyResponse, nullable: true, description: 'The other member, if any' })
  counterparty!: CounterpartyResponse | null;
  @ApiProperty({ description: 'The sender’s message, or the reason of an adjustment ("" if none)' })
  memo!: string;
  @ApiProperty({ example: 8.5, description: 'The balance right after, AC, 3 decimals' })
  balance_after!: number;
}

export class TransactionsQuery {
  @ApiPropertyOptional({ description: 'X-Next-Cursor of the previous page' })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 100' })
  @Min(1, { message: 'limit must be an integer from 1 to 100' })
  @Max(100, { message: 'limit must be an integer from 1 to 100' })
  limit?: number;
}

export class TipRequest {
  @ApiProperty({ description: 'The member to tip' })
  @IsOptional()
  @MaxLength(100)
  @IsString({ message: 'recipient_id must be a string' })
  recipient_id?: string;

  @ApiProperty({ ...AMOUNT_DOC, example: 1.5 })
  @Allow()
  amount?: unknown;

  @ApiPropertyOptional({ enum: ['AC', 'USD'], default: 'AC', description: 'USD is refused (coming soon)' })
  @IsOptional()
  @MaxLength(10)
  @IsString({ message: 'currency must be AC' })
  currency?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @MaxLength(10_000)
  @IsString({ message: 'message must be a string' })
  message?: string;

  @ApiPropertyOptional(CONFIRM_PAUSE_DOC)
  @IsOptional()
  @IsBoolean({ message: 'confirm_pause must be true or false' })
  confirm_pause?: boolean;
}

export class TransferRequest {
  @ApiProperty({ description: 'The member to send AuraCoins to' })
  @IsOptional()
  @MaxLength(100)
  @IsString({ message: 'recipient_id must be a string' })
  recipient_id?: string;

  @ApiProperty({ ...AMOUNT_DOC, example: 2 })
  @Allow()
  amount?: unknown;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @MaxLength(10_000)
  @IsString({ message: 'message must be a string' })
  message?: string;

  @ApiPropertyOptional(CONFIRM_PAUSE_DOC)
  @IsOptional()
  @IsBoolean({ message: 'confirm_pause must be true or false' })
  confirm_pause?: boolean;
}

export class SentResponse {
  @ApiProperty({ example: 'Sent 1.5 AC to @luna' }) message!: string;
  @ApiProperty() transfer_id!: string;
  @ApiProperty({ example: 1.5, description: 'AC sent (exact)' }) amount!: number;
  @ApiProperty({ example: 1_500_000 }) amount_micro!: number;
  @ApiProperty({ enum: ['AC'] }) currency!: 'AC';
  @ApiProperty({ type: CounterpartyResponse }) recipient!: CounterpartyResponse;
  @ApiProperty({ example: 8.5, description: 'The sender’s balance right after, AC, 3 decimals' })
  balance!: number;
  @ApiProperty() created_at!: string;
}

export class AdjustRequest {
  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 5,
    description: 'AC: positive credits the member, negative debits them (never below zero)',
  })
  @Allow()
  amount?: unknown;

  @ApiProperty({ maxLength: 500, example: 'Goodwill credit after the outage' })
  @IsOptional()
  @MaxLength(10_000)
  @IsString({ message: 'reason must be a string' })
  reason?: string;
}

export class AdjustResponse {
  @ApiProperty({ example: 'Credited 5 AC to @luna' }) message!: string;
  @ApiProperty() transfer_id!: string;
  @ApiProperty({ example: 5, description: 'Signed AC' }) amount!: number;
  @ApiProperty({ type: CounterpartyResponse }) user!: CounterpartyResponse;
  @ApiProperty({ example: 17.345, description: 'The member’s balance right after, AC, 3 decimals' })
  balance!: number;
  @ApiProperty() created_at!: string;
}

export class AccountBalanceResponse {
  @ApiProperty({ example: 'rewards' }) account!: string;
  @ApiProperty({ example: -1_250_000 }) balance_micro!: number;
}

export class LedgerReportResponse {
  @ApiProperty({ description: 'No mismatch, no negative member balance, and every balance sums to zero' })
  ok!: boolean;
  @ApiProperty() checked_at!: string;
  @ApiProperty() duration_ms!: number;
  @ApiProperty() transfers!: number;
  @ApiProperty() entries!: number;
  @ApiProperty() member_accounts!: number;
  @ApiProperty({ description: 'Sum of every account, members and system (micro-AC): 0' }) sum_micro!: number;
  @ApiProperty({ description: 'AC held by members (micro-AC)' }) members_total_micro!: number;
  @ApiProperty() rejected_transfers!: number;
  @ApiProperty({ type: AccountBalanceResponse, isArray: true }) system_balances!: AccountBalanceResponse[];
  @ApiProperty({ type: AccountBalanceResponse, isArray: true }) negative_balances!: AccountBalanceResponse[];
  @ApiProperty({
    type: AccountBalanceResponse,
    isArray: true,
    description: 'Members who owe a refunded or disputed top-up (below zero by design)',
  })
  debts!: AccountBalanceResponse[];
  @ApiProperty({ type: String, isArray: true }) mismatches!: string[];
}
