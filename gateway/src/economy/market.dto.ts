import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const HOURS_MESSAGE = 'hours must be an integer from 1 to 720';

/** Coin market data (spec 001 §3), as of the latest minute snapshot. */
export class CoinMarketResponse {
  @ApiProperty({
    example: 1.001,
    description: 'USD per AC, 3 decimals (the same rounding as auracoin_price_update)',
  })
  current_price!: number;
  @ApiProperty({ example: 0.5, description: 'Percent against 24 hours ago, 3 decimals' })
  price_change_24h!: number;
  @ApiProperty({ example: 1.25, description: 'Percent against 7 days ago, 3 decimals' })
  price_change_7d!: number;
  @ApiProperty({ example: 12345.678, description: 'USD: the price × AC held by members, 3 decimals' })
  market_cap!: number;
  @ApiProperty({
    example: 42.5,
    description: 'USD value of the AC members tipped and transferred in 24 hours',
  })
  volume_24h!: number;
  @ApiProperty({
    example: 12,
    description: 'Members who posted, liked, commented, tipped or transferred in 24 hours',
  })
  active_users_24h!: number;
  @ApiProperty({ example: 1500 }) total_users!: number;
  @ApiProperty({ example: 320, description: 'Likes, comments and tips in 24 hours' })
  total_engagements_24h!: number;
  @ApiProperty({ example: 25000, description: 'Likes, comments and tips, all time (the price counts these)' })
  total_engagements!: number;
  @ApiProperty({ example: 1_001_000, description: 'The exact price in micro-USD (1,000,000 = $1.00)' })
  current_price_micro_usd!: number;
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z', description: 'When the snapshot was taken' })
  updated_at!: string;
}

export class PricePointResponse {
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z' }) timestamp!: string;
  @ApiProperty({ example: 1.0001, description: 'USD per AC, exact (up to 6 decimals)' }) price!: number;
  @ApiProperty({ example: 12, description: 'Active members in the 24 hours before the point' })
  active_users!: number;
  @ApiProperty({ example: 320, description: 'Engagements in the 24 hours before the point' })
  engagements!: number;
}

export class PriceHistoryResponse {
  @ApiProperty({ example: 24 }) hours!: number;
  @ApiProperty({ type: PricePointResponse, isArray: true, description: 'Oldest first, at most ~300 points' })
  chart_data!: PricePointResponse[];
}

export class PriceHistoryQuery {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: 720,
    default: 24,
    description: '1 (1H), 24 (24H), 168 (7D), 720 (30D)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: HOURS_MESSAGE })
  @Min(1, { message: HOURS_MESSAGE })
  @Max(720, { message: HOURS_MESSAGE })
  hours?: number;
}
