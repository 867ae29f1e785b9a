import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { TransactionResponse } from './economy.dto';

export const MONTH_MESSAGE = 'month must be a month in the form YYYY-MM, not after the current one';

export class StatementMonthParams {
  @ApiProperty({ example: '2026-11', description: 'A UTC calendar month, not after the current one' })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: MONTH_MESSAGE })
  month!: string;
}

export class StatementLineResponse extends TransactionResponse {
  @ApiProperty({ example: 1.02, description: 'The coin’s price in USD on the movement’s UTC day' })
  price_usd!: number;
  @ApiProperty({ example: -1.53, description: 'The amount in USD at that price (signed, cents)' })
  amount_usd!: number;
}

export class StatementMemberResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'luna' }) username!: string;
}

export class StatementResponse {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty({ example: '2026-11-01T00:00:00.000Z' }) period_start!: string;
  @ApiProperty({ example: '2026-12-01T00:00:00.000Z', description: 'Exclusive' }) period_end!: string;
  @ApiProperty({ description: 'The month is not over: the closing balance is the balance now' })
  in_progress!: boolean;
  @ApiProperty({ type: StatementMemberResponse }) member!: StatementMemberResponse;
  @ApiProperty({ example: 12.5, description: 'AC, 3 decimals' }) opening_balance!: number;
  @ApiProperty({ example: 12_500_000 }) opening_balance_micro!: number;
  @ApiProperty({ example: 20 }) closing_balance!: number;
  @ApiProperty({ example: 20_000_000 }) closing_balance_micro!: number;
  @ApiProperty({ example: 10, description: 'The sum of the movements in, AC' }) total_in!: number;
  @ApiProperty({ example: 10_000_000 }) total_in_micro!: number;
  @ApiProperty({ example: -2.5, description: 'The sum of the movements out, AC (≤ 0)' }) total_out!: number;
  @ApiProperty({ example: -2_500_000 }) total_out_micro!: number;
  @ApiProperty({ example: 1.01, description: 'USD per AC at the close of the day before the month' })
  opening_price_usd!: number;
  @ApiProperty({ example: 1.02, description: 'USD per AC at the month’s last close (now, in progress)' })
  closing_price_usd!: number;
  @ApiProperty({ example: 12.62 }) opening_balance_usd!: number;
  @ApiProperty({ example: 20.4 }) closing_balance_usd!: number;
  @ApiProperty({ example: 10.2, description: 'Each movement in at its day’s price' }) total_in_usd!: number;
  @ApiProperty({ example: -2.55 }) total_out_usd!: number;
  @ApiProperty({ type: StatementLineResponse, isArray: true, description: 'Oldest first' })
  lines!: StatementLineResponse[];
  @ApiProperty({ example: '2026-11-29T02:00:00.000Z' }) generated_at!: string;
}
