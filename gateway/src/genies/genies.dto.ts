import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { CONFIRM_PAUSE_DOC } from '../economy/spending.dto';

// Shapes of spec 001 §3/§7 (and ../shared/API-INVENTORY.md rows 34, 36, 64-72, 84). AC amounts are
// JSON numbers (3 decimals, truncated); the exact figure is in micro-AC where money is concerned.

export const RARITIES = ['general', 'common', 'uncommon', 'rare', 'legendary', 'cosmic'] as const;
export type Rarity = (typeof RARITIES)[number];

export class GenieResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Moss Whisper' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: RARITIES }) rarity!: Rarity;
  @ApiProperty({ example: '/api/media/genies/3f1c….svg', description: 'The genie’s artwork (SVG)' })
  image_url!: string;
  @ApiProperty({ enum: ['float', 'pulse', 'sparkle', 'orbit', 'shimmer', 'cosmic'] })
  animation_type!: string;
  @ApiProperty({ example: 20, description: 'AC per day (the catalogue rate, before any SuperAura bonus)' })
  daily_earning_rate!: number;
  @ApiProperty({ type: String, nullable: true, description: 'A special ability, if the genie has one' })
  special_ability!: string | null;
}

export class BottlesResponse {
  @ApiProperty({ example: 2 }) bottles_owned!: number;
  @ApiProperty({ example: 300, description: 'AC per bottle' }) price!: number;
  @ApiProperty({ example: 300, description: 'The same as price (the name /genies/stats uses)' })
  bottle_price!: number;
}

export class PurchaseBottlesRequest {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 10, example: 2 })
  @Allow()
  quantity?: unknown;

  @ApiPropertyOptional(CONFIRM_PAUSE_DOC)
  @IsOptional()
  @IsBoolean({ message: 'confirm_pause must be true or false' })
  confirm_pause?: boolean;
}

export class PurchaseBottlesResponse {
  @ApiProperty({ example: 'Purchased 2 Genie bottles for 600.0 AuraCoin' }) message!: string;
  @ApiProperty({ example: 2 }) quantity!: number;
  @ApiProperty({ example: 600, description: 'AC charged' }) cost!: number;
  @ApiProperty({ example: 3 }) bottles_owned!: number;
  @ApiProperty({ description: 'The ledger transfer of the charge' }) transaction_id!: string;
}

export class UserGenieResponse {
  @ApiProperty({ format: 'uuid', description: 'The UserGenie id (the {id} of /genies/{id}/…)' }) id!: string;
  @ApiProperty() owner_id!: string;
  @ApiProperty({ type: GenieResponse }) genie!: GenieResponse;
  @ApiProperty({ enum: RARITIES }) rarity!: Rarity;
  @ApiProperty() image_url!: string;
  @ApiProperty({ type: String, nullable: true }) nickname!: string | null;
  @ApiProperty() is_featured!: boolean;
  @ApiProperty({ example: 1.234, description: 'AC accrued since acquisition or the last claim' })
  pending_earnings!: number;
  @ApiProperty({ example: '2026-05-01T12:00:00.000Z' }) acquired_at!: string;
  @ApiProperty({ example: 20, description: 'AC per day for this member (×1.5 for SuperAura)' })
  daily_earning_rate!: number;
  @ApiProperty({ description: 'Received as a gift: it cannot be sent again' }) received_as_gift!: boolean;
  @ApiProperty({ example: 3.5, description: 'AC this genie has paid its owner' }) lifetime_earnings!: number;
}

export class GenieStatsResponse {
  @ApiProperty() total_genies!: number;
  @ApiProperty({ description: 'AC per day of every genie (×1.5 for SuperAura)' })
  total_daily_earnings!: number;
  @ApiProperty({ description: 'AC claimed from genies, all time' }) lifetime_earnings!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { general: 3, common: 1, uncommon: 0, rare: 0, legendary: 0, cosmic: 0 },
  })
  genies_by_rarity!: Record<string, number>;
  @ApiProperty({ type: UserGenieResponse, nullable: true }) featured_genie!: UserGenieResponse | null;
  @ApiProperty() bottles_owned!: number;
  @ApiProperty({ description: 'AC per bottle' }) bottle_price!: number;
  @ApiProperty({ description: 'AC waiting for Claim All' }) pending_earnings!: number;
}

export class NicknameRequest {
  @ApiProperty({ maxLength: 30, example: 'Sparky', description: 'Empty clears the nickname' })
  @IsOptional()
  @IsString({ message: 'nickname must be a string' })
  nickname?: string;
}

export class MessageResponse {
  @ApiProperty() message!: string;
}

export class FeaturedSetResponse extends MessageResponse {
  @ApiProperty({ type: UserGenieResponse }) genie!: UserGenieResponse;
}

export class ClaimResponse extends MessageResponse {
  @ApiProperty({ example: 1.5, description: 'AC credited (0 when nothing was pending)' }) amount!: number;
  @ApiProperty({ description: 'Genies that had earnings' }) genies!: number;
}

export class SendGenieRequest {
  @ApiProperty({ example: 'luna' })
  @IsOptional()
  @MaxLength(100)
  @IsString({ message: 'recipient_username must be a string' })
  recipient_username?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'message must be a string' })
  message?: string;
}

export class SendGenieResponse extends MessageResponse {
  @ApiProperty() recipient_id!: string;
  @ApiProperty() recipient_username!: string;
}

export class FeaturedGenieInfo {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: RARITIES }) rarity!: Rarity;
  @ApiProperty() image_url!: string;
  @ApiProperty() animation_type!: string;
  @ApiProperty({ description: 'AC per day for the owner' }) daily_earning_rate!: number;
}

export class FeaturedGenieResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) nickname!: string | null;
  @ApiProperty({ type: FeaturedGenieInfo }) genie!: FeaturedGenieInfo;
}

export class BottlePriceRequest {
  @ApiProperty({ example: 300, description: 'AC, 50 to 1000' })
  @Allow()
  price?: unknown;
}

export class BottlePriceResponse extends MessageResponse {
  @ApiProperty({ example: 300 }) price!: number;
}
