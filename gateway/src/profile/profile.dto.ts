import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

// Own profile and wellness (spec 000 §3, §5, §7; API-INVENTORY rows 8, 10–14). The gateway checks
// shapes (422); identity applies the rules and their messages (400, 403).

export const MOODS = ['happy', 'positive', 'neutral', 'sad', 'excited', 'anxious'] as const;
export const REFLECTION_MOODS = ['positive', 'neutral', 'negative'] as const;
export const MOOD_TRENDS = ['positive', 'negative', 'neutral'] as const;
export const ANIMATION_STYLES = ['pulse', 'glow', 'sparkles', 'waves'] as const;
export const COLOR_GRADIENTS = ['emerald', 'ocean', 'cosmic', 'solar', 'fire'] as const;
export const RING_COLORS = ['default', 'purple', 'blue', 'green', 'gold', 'red', 'pink', 'cosmic'] as const;
export const BACKGROUNDS = ['default', 'cosmic', 'ocean', 'forest', 'sunset', 'aurora', 'galaxy'] as const;

const text = (field: string) => ({ message: `${field} must be text` });

export class MoodCheckinBody {
  @ApiPropertyOptional({ enum: MOODS, default: 'neutral' })
  @IsOptional()
  @IsString(text('mood'))
  @MaxLength(100)
  mood?: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'Optional' })
  @IsOptional()
  @IsString(text('mood_description'))
  @MaxLength(10_000)
  mood_description?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 10, default: 5 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'energy_level must be a whole number' })
  @Min(-1_000_000)
  @Max(1_000_000)
  energy_level?: number;
}

export class MoodCheckinResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: MOODS }) mood!: string;
  @ApiProperty({ description: '"" when none' }) mood_description!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 10 }) energy_level!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** Only the first check-in (and reflection) of a UTC day is rewarded. */
export class MoodCheckinCreatedResponse extends MoodCheckinResponse {
  @ApiProperty({ description: 'The first of the UTC day (the rewarded one)' }) first_today!: boolean;
  @ApiProperty({
    type: 'integer',
    description: 'Aura added: +2 for the first of the day (less at 1000), else 0',
  })
  aura_earned!: number;
  @ApiProperty({ example: 0.001, description: 'AC economy pays for it (×1.5 for SuperAura), else 0' })
  aura_coins_earned!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000 }) aura_score!: number;
}

export class ReflectionBody {
  @ApiProperty({ description: 'Required, non-blank after trimming', maxLength: 2000 })
  @IsOptional()
  @IsString(text('content'))
  @MaxLength(100_000)
  content?: string;

  @ApiPropertyOptional({ enum: REFLECTION_MOODS, default: 'neutral' })
  @IsOptional()
  @IsString(text('mood'))
  @MaxLength(100)
  mood?: string;

  @ApiPropertyOptional({ default: 'general', description: 'Lower-case letters and underscores, ≤ 30' })
  @IsOptional()
  @IsString(text('category'))
  @MaxLength(100)
  category?: string;
}

export class ReflectionResponse {
  @ApiProperty() id!: string;
  @ApiProperty() content!: string;
  @ApiProperty({ enum: REFLECTION_MOODS }) mood!: string;
  @ApiProperty({ example: 'general' }) category!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class ReflectionCreatedResponse extends ReflectionResponse {
  @ApiProperty() first_today!: boolean;
  @ApiProperty({ type: 'integer' }) aura_earned!: number;
  @ApiProperty({ example: 0.001 }) aura_coins_earned!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000 }) aura_score!: number;
}

export class WellnessListQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 100' })
  @Min(1, { message: 'limit must be an integer from 1 to 100' })
  @Max(100, { message: 'limit must be an integer from 1 to 100' })
  limit?: number;
}

/** The own-profile dashboard (definitions: services/identity/README.md "Stats"). */
export class StatsResponse {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 100,
    description:
      "Whole percent of today's (UTC) check-ins and reflections with a positive mood (happy, positive, excited); 0 with none",
  })
  daily_positivity_score!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Reflections in the last 7 days' })
  weekly_reflection_count!: number;
  @ApiProperty({
    example: 42.9,
    description:
      'Percent (one decimal) of the last 7 UTC days (today and the 6 before) on which the member posted, liked, commented, checked in or reflected',
  })
  engagement_rate!: number;
  @ApiProperty({ type: 'integer', description: 'Net aura change over the last 7 days (from the aura log)' })
  aura_growth_this_week!: number;
  @ApiProperty({
    enum: MOOD_TRENDS,
    description:
      'Positive moods against negative ones (sad, anxious, negative) over the last 7 days of check-ins and reflections',
  })
  mood_trend!: string;
}

export class UpdateProfileBody {
  @ApiPropertyOptional({ maxLength: 50 })
  @IsOptional()
  @IsString(text('display_name'))
  @MaxLength(10_000)
  display_name?: string;
  @ApiPropertyOptional({ maxLength: 160 })
  @IsOptional()
  @IsString(text('bio'))
  @MaxLength(10_000)
  bio?: string;
  @ApiPropertyOptional({ enum: ANIMATION_STYLES })
  @IsOptional()
  @IsString(text('aura_animation_style'))
  @MaxLength(100)
  aura_animation_style?: string;
  @ApiPropertyOptional({ enum: COLOR_GRADIENTS })
  @IsOptional()
  @IsString(text('aura_color_gradient'))
  @MaxLength(100)
  aura_color_gradient?: string;
  @ApiPropertyOptional({ enum: RING_COLORS })
  @IsOptional()
  @IsString(text('profile_ring_color'))
  @MaxLength(100)
  profile_ring_color?: string;
  @ApiPropertyOptional({ enum: BACKGROUNDS })
  @IsOptional()
  @IsString(text('profile_background'))
  @MaxLength(100)
  profile_background?: string;
  @ApiPropertyOptional({
    description: 'SuperAura only; must contain an 11-character YouTube video id; "" removes it',
    example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  })
  @IsOptional()
  @IsString(text('profile_audio_youtube_link'))
  @MaxLength(10_000)
  profile_audio_youtube_link?: string;
}
