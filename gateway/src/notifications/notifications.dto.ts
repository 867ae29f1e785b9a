import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'mention',
  'tip',
  'genie_earning',
  'withdrawal',
  'system',
  'digest',
  'reminder',
] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];

export class NotificationActorResponse {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty() profile_picture!: string;
  @ApiProperty() aura_score!: number;
}

export class NotificationMetadataResponse {
  @ApiPropertyOptional({
    description: 'AC earned with this notification (at most 3 decimals); absent when no coin was earned',
    example: 0.25,
  })
  aura_coins_earned?: number;

  @ApiPropertyOptional({ description: 'What it is about (not shown by the spec)' }) post_id?: string;
  @ApiPropertyOptional() comment_id?: string;
  @ApiPropertyOptional() transfer_id?: string;
  @ApiPropertyOptional() user_id?: string;
  @ApiPropertyOptional({ description: 'A data export that is ready (Settings → Privacy)' })
  data_export_id?: string;
}

export class NotificationResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) type!: NotificationTypeName;
  @ApiProperty({ example: 'New like' }) title!: string;
  @ApiProperty({ example: 'Luna liked your post' }) message!: string;
  @ApiProperty() is_read!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({
    type: NotificationActorResponse,
    nullable: true,
    description: 'Null for system notifications',
  })
  from_user!: NotificationActorResponse | null;
  @ApiProperty({ type: NotificationMetadataResponse }) metadata!: NotificationMetadataResponse;
}

export class NotificationStatsResponse {
  @ApiProperty() unread_count!: number;
}

export class ListNotificationsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be between 1 and 50' })
  @Max(50, { message: 'limit must be between 1 and 50' })
  limit?: number;

  @ApiPropertyOptional({ description: 'X-Next-Cursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  cursor?: string;
}

/** The types a member may turn off (messaging's rule; system and withdrawal stay on). */
export const MUTABLE_NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'mention',
  'tip',
  'genie_earning',
] as const;

export class WellbeingReminderSetting {
  @ApiProperty({ example: '20:30', description: 'The time of day, HH:MM (24-hour), in time_zone' })
  @IsString({ message: 'wellbeing_reminder.time must be HH:MM' })
  @MaxLength(5, { message: 'The reminder time must be HH:MM (00:00 to 23:59)' })
  time!: string;

  @ApiProperty({ example: 'Europe/Berlin', description: "The member's IANA time zone" })
  @IsString({ message: 'wellbeing_reminder.time_zone must be a time zone' })
  @MaxLength(60, { message: 'wellbeing_reminder.time_zone must be a time zone' })
  time_zone!: string;
}

export class NotificationSettingsResponse {
  @ApiProperty({
    enum: MUTABLE_NOTIFICATION_TYPES,
    isArray: true,
    description: 'The types turned off: no notification of them is made (sorted)',
  })
  muted_types!: string[];

  @ApiProperty({
    description:
      'The types not turned off come as one notification a day ("Your daily digest", at 08:00 UTC for the day before) instead of one each',
  })
  daily_digest!: boolean;

  @ApiProperty({
    type: WellbeingReminderSetting,
    nullable: true,
    description:
      'The opt-in wellbeing reminder: a notification at that time of their day inviting a check-in, unless they checked in or wrote a reflection that day; null when off',
  })
  wellbeing_reminder!: WellbeingReminderSetting | null;
}

export class UpdateNotificationSettingsRequest {
  @ApiProperty({
    enum: MUTABLE_NOTIFICATION_TYPES,
    isArray: true,
    example: ['like', 'genie_earning'],
    description: 'The types to turn off (replaces the list); [] turns every type on',
  })
  @IsArray({ message: 'muted_types must be a list' })
  @ArrayMaxSize(20, { message: 'muted_types has too many entries' })
  @MaxLength(40, { each: true, message: 'muted_types holds an unknown type' })
  @IsString({ each: true, message: 'muted_types must be a list of types' })
  muted_types!: string[];

  @ApiPropertyOptional({ description: 'The daily digest on or off; left out: unchanged' })
  @IsOptional()
  @IsBoolean({ message: 'daily_digest must be true or false' })
  daily_digest?: boolean;

  @ApiPropertyOptional({
    type: WellbeingReminderSetting,
    nullable: true,
    description: 'The wellbeing reminder; null turns it off; left out: unchanged',
  })
  @IsOptional()
  @IsObject({ message: 'wellbeing_reminder must be {time, time_zone} or null' })
  @ValidateNested()
  @Type(() => WellbeingReminderSetting)
  wellbeing_reminder?: WellbeingReminderSetting | null;
}
