import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

// Card top-ups and SuperAura billing (spec 001 §3, §8; spec 000 Upgrade tab; PRODUCT-DECISIONS.md
// "Money"). Shapes are checked here (422); the rules and their messages are economy's (400).

export class TopUpPackageResponse {
  @ApiProperty({ example: 'plus' }) id!: string;
  @ApiProperty({ example: 'Plus' }) name!: string;
  @ApiProperty({ example: 55, description: 'AC credited, bonus included' }) auracoin_amount!: number;
  @ApiProperty({ example: 49.99, description: 'USD' }) usd_price!: number;
  @ApiProperty({ example: 10 }) bonus_percentage!: number;
  @ApiProperty({ example: true }) is_popular!: boolean;
}

export class CheckoutSessionBody {
  @ApiProperty({ example: 'plus' })
  @IsOptional()
  @MaxLength(100)
  @IsString({ message: 'package_id must be a string' })
  package_id?: string;

  @ApiProperty({
    example: 'http://localhost:8080/wallet',
    description:
      'Where the member comes back: `origin_url?session_id=…&payment_success=true` or `origin_url?payment_cancelled=true`. Its origin must be allowed.',
  })
  @IsOptional()
  @MaxLength(2000)
  @IsString({ message: 'origin_url must be a string' })
  origin_url?: string;
}

export class CheckoutSessionResponse {
  @ApiProperty({
    description:
      'Where the browser goes: Stripe Checkout, or without Stripe keys the local test checkout page `/api/payments/test-checkout/{session_id}` (absolute)',
  })
  checkout_url!: string;
  @ApiProperty({ example: 'cs_test_local_0123456789abcdef0123456789abcdef' }) session_id!: string;
}

export class CheckoutStatusResponse {
  @ApiProperty({ enum: ['paid', 'unpaid', 'no_payment_required'] }) payment_status!: string;
  @ApiProperty({ enum: ['open', 'complete', 'expired'] }) status!: string;
  @ApiProperty({ example: 55, description: 'AC of the package (credited once when paid)' })
  auracoin_amount!: number;
}

export class WebhookResponse {
  @ApiProperty({ example: true }) received!: boolean;
}

export class SuperAuraCheckoutBody {
  @ApiProperty({ enum: ['monthly', 'annual'], description: 'monthly $45, annual $499' })
  @IsOptional()
  @MaxLength(20)
  @IsString({ message: 'plan must be a string' })
  plan?: string;

  @ApiProperty({ example: 'http://localhost:8080/profile', description: 'As for a top-up' })
  @IsOptional()
  @MaxLength(2000)
  @IsString({ message: 'origin_url must be a string' })
  origin_url?: string;
}

export class SuperAuraStatusResponse {
  @ApiProperty() is_super_aura!: boolean;
  @ApiProperty({ type: String, enum: ['monthly', 'annual'], nullable: true }) plan!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-21T12:00:00.000Z' })
  current_period_end!: string | null;
  @ApiProperty({ description: 'Cancelled: SuperAura ends at current_period_end' })
  cancel_at_period_end!: boolean;
}
