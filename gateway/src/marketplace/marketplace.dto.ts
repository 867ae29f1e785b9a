import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONFIRM_PAUSE_DOC } from '../economy/spending.dto';

export const CATEGORY_IDS = [
  'animations',
  'color_schemes',
  'banner_packs',
  'badges',
  'profile_fonts',
  'ring_colors',
  'profile_effects',
] as const;

export class MarketplaceCategoryResponse {
  @ApiProperty({ enum: CATEGORY_IDS, example: 'ring_colors' }) id!: string;
  @ApiProperty({ example: 'Ring Colors' }) name!: string;
}

/** A Marketplace item (spec 001 §3), with the caller's flags. */
export class MarketplaceItemResponse {
  @ApiProperty({ description: 'Item id (a UUID)' }) id!: string;
  @ApiProperty({ example: 'Golden Ring' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: CATEGORY_IDS }) category!: string;
  @ApiProperty({ example: 120, description: 'AC' }) price!: number;
  @ApiProperty({ description: 'Priced above 100 AC' }) is_premium!: boolean;
  @ApiProperty({ description: 'The caller (or, for applied items, the member) owns it' }) is_owned!: boolean;
  @ApiProperty({ description: 'Applied to the profile (one item per category)' })
  is_active_on_profile!: boolean;
  @ApiProperty({ description: 'A generated SVG preview (data URL)' }) preview_image_url!: string;
  @ApiProperty({
    example: '#f59e0b',
    description:
      'What it does to the profile: a colour (ring_colors), colours "#a,#b[,#c]" (color_schemes, banner_packs), an emoji (badges), a font key serif|mono|display|script (profile_fonts), an effect key glow|sparkles|stardust|halo (profile_effects), an animation key pulse|float|shimmer|orbit (animations)',
  })
  appearance!: string;
}

/** The body of a purchase: optional (docs/spending.md). */
export class MarketplacePurchaseRequest {
  @ApiPropertyOptional(CONFIRM_PAUSE_DOC)
  confirm_pause?: boolean;
}

export class MarketplacePurchaseResponse {
  @ApiProperty({ example: 'Golden Ring purchased successfully!' }) message!: string;
  @ApiProperty({ type: MarketplaceItemResponse }) item!: MarketplaceItemResponse;
  @ApiProperty({ description: 'The ledger transfer id' }) transfer_id!: string;
  @ApiProperty({ example: 12.5, description: 'The balance after, AC, 3 decimals' }) balance_after!: number;
  @ApiProperty() purchased_at!: string;
}

/** One of the caller's purchases (My Purchases). */
export class MarketplaceOwnedResponse extends MarketplaceItemResponse {
  @ApiProperty() purchased_at!: string;
  @ApiProperty({ description: 'The ledger transfer id' }) transfer_id!: string;
}

export class MarketplaceApplyResponse {
  @ApiProperty({ example: 'Golden Ring applied to your profile' }) message!: string;
  @ApiProperty({ type: MarketplaceItemResponse }) item!: MarketplaceItemResponse;
}
