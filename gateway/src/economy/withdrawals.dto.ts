import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CounterpartyResponse } from './economy.dto';

// Withdrawals to PayPal (spec 001 §4, §5, §9). Shapes are checked here (422); the rules and their
// messages are economy's (400).

export class WithdrawalRequestBody {
  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 25,
    description: 'USD, at least 10, whole cents. A decimal string is accepted too.',
  })
  @Allow()
  amount?: unknown;

  @ApiProperty({ example: 'me@example.com', description: 'The PayPal account to pay' })
  @IsOptional()
  @MaxLength(1000)
  @IsString({ message: 'paypal_email must be a string' })
  paypal_email?: string;

  @ApiProperty({
    example: 'correct horse battery',
    description:
      'The member’s own password, asked again for every withdrawal: a stolen access token alone cannot move money out',
  })
  @IsOptional()
  @MaxLength(1024)
  @IsString({ message: 'password must be a string' })
  password?: string;
}

export class WithdrawalResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ type: CounterpartyResponse, description: 'The member who asked' })
  user!: CounterpartyResponse;
  @ApiProperty({ example: 'me@example.com' }) paypal_email!: string;
  @ApiProperty({ example: 25, description: 'USD asked for' }) amount!: number;
  @ApiProperty({ example: 25, description: 'AC held for it (3 decimals), at the coin price of the request' })
  amount_ac!: number;
  @ApiProperty({ example: 1, description: 'The coin price of the request, USD per AC' })
  coin_price_usd!: number;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] }) status!: 'pending' | 'approved' | 'rejected';
  @ApiProperty({ description: 'The super admin’s notes ("" until processed)' }) admin_notes!: string;
  @ApiProperty({ example: '2026-05-01T12:00:00.000Z' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'When it was approved or rejected' })
  processed_at!: string | null;
  @ApiProperty({ description: 'Recorded at approval ("" otherwise); no PayPal call is made' })
  payout_reference!: string;
}

export class WithdrawalRequestedResponse {
  @ApiProperty({ example: 'Withdrawal request submitted. It will be processed in 1 to 3 business days.' })
  message!: string;
  @ApiProperty({ type: WithdrawalResponse }) withdrawal!: WithdrawalResponse;
}

export class AdminWithdrawalsQuery {
  @ApiPropertyOptional({ enum: ['pending', 'approved', 'rejected'], description: 'Only this status' })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'], { message: 'status must be pending, approved or rejected' })
  status?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 500' })
  @Min(1, { message: 'limit must be an integer from 1 to 500' })
  @Max(500, { message: 'limit must be an integer from 1 to 500' })
  limit?: number;
}

export class ProcessWithdrawalQuery {
  @ApiProperty({ enum: ['approve', 'reject'] })
  @IsIn(['approve', 'reject'], { message: 'action must be approve or reject' })
  action!: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'Shown to the member (a rejection’s reason)' })
  @IsOptional()
  @MaxLength(10_000)
  @IsString({ message: 'admin_notes must be a string' })
  admin_notes?: string;
}

export class WithdrawalProcessedResponse {
  @ApiProperty({ example: 'Withdrawal approved' }) message!: string;
  @ApiProperty({ type: WithdrawalResponse }) withdrawal!: WithdrawalResponse;
}
