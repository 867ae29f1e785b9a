import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MOODS } from './profile.dto';

// Wellbeing (issue 23 item 6, docs/wellbeing.md): the mood calendar, the trend, the streaks. The gateway
// checks shapes (422); identity the rules of month and days (422 with the rule's message). Days are UTC days.

export class MoodCalendarQuery {
  @ApiPropertyOptional({
    example: '2026-11',
    description: 'YYYY-MM (2000-01 to 2100-12); absent: this month',
  })
  @IsOptional()
  @IsString({ message: 'month must be text' })
  @MaxLength(100)
  month?: string;
}

export class MoodCalendarDayResponse {
  @ApiProperty({ example: '2026-11-03' }) day!: string;
  @ApiProperty({
    enum: [...MOODS, ''],
    description: 'The mood of the day\'s latest check-in; "" on a day without one',
  })
  mood!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) checkins!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) reflections!: number;
}

export class MoodCalendarResponse {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty({ type: MoodCalendarDayResponse, isArray: true, description: 'Every day of the month' })
  days!: MoodCalendarDayResponse[];
}

export class MoodTrendQuery {
  @ApiPropertyOptional({ type: 'integer', enum: [30, 90], default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be 30 or 90' })
  @Min(-1_000_000)
  @Max(1_000_000)
  days?: number;
}

export class MoodTrendPointResponse {
  @ApiProperty({ example: '2026-11-03' }) day!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) checkins!: number;
  @ApiProperty({
    example: 3.7,
    description:
      "Average mood score of the day's check-ins (sad 1, anxious 2, neutral 3, positive 4, happy and excited 5), one decimal; 0 without any",
  })
  mood_score!: number;
  @ApiProperty({ example: 6.5, description: 'Average energy (1-10), one decimal; 0 without any' })
  energy!: number;
}

export class MoodTrendResponse {
  @ApiProperty({ type: 'integer', enum: [30, 90] }) days!: number;
  @ApiProperty({ type: MoodTrendPointResponse, isArray: true, description: 'Oldest first, ending today' })
  points!: MoodTrendPointResponse[];
}

export class StreakResponse {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Days in a row up to today, or up to yesterday while today is not done yet; 0 when broken',
  })
  current!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) longest!: number;
  @ApiProperty() done_today!: boolean;
}

export class WellnessStreaksResponse {
  @ApiProperty({ type: StreakResponse }) check_ins!: StreakResponse;
  @ApiProperty({ type: StreakResponse }) reflections!: StreakResponse;
}
