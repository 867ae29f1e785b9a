import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

// The admin panel's calls (spec 001 §3, §6, §7). Shapes are checked here (422); the rules and their
// messages are the owning services' (400/403).

export class DashboardStatsResponse {
  @ApiProperty({ description: 'Members registered, all time' }) total_users!: number;
  @ApiProperty({ description: 'Members registered in the last 24 h' }) new_registrations_24h!: number;
  @ApiProperty({ example: 42.5, description: 'Percent of all members active in the last 24 h (1 decimal)' })
  engagement_rate!: number;
  @ApiProperty({
    description:
      'Members who posted, commented, liked, followed, messaged, tipped, checked in or wrote a reflection in the last 24 h',
  })
  active_users_24h!: number;
  @ApiProperty({ example: 49.99, description: 'USD of card top-ups completed in the last 24 h' })
  daily_revenue!: number;
  @ApiProperty({
    example: 1250.5,
    description:
      'AC paid to members by the platform (rewards, top-ups, genie earnings, admin credits), all time, 3 decimals',
  })
  total_auracoin_distributed!: number;
  @ApiProperty() pending_withdrawals!: number;
  @ApiProperty({ description: 'Tickets open or in progress' }) open_support_tickets!: number;
  @ApiProperty({ description: 'Posts created today (UTC)' }) total_posts_today!: number;
  @ApiProperty({ description: 'Comments written today (UTC)' }) total_comments_today!: number;
  @ApiProperty({ description: 'Stories shared today (UTC)' }) total_stories_today!: number;
}

const DAYS = 'days must be 7 or 30';

export class DashboardHistoryQuery {
  @ApiPropertyOptional({ enum: [7, 30], default: 7, description: 'How many UTC days, today included' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([7, 30], { message: DAYS })
  days?: number;
}

export class DashboardDayResponse {
  @ApiProperty({ example: '2026-11-28', description: 'UTC day' }) date!: string;
  @ApiProperty() new_registrations!: number;
  @ApiProperty({ description: 'Members who did anything counted as activity that day' })
  active_users!: number;
  @ApiProperty() posts!: number;
  @ApiProperty() comments!: number;
  @ApiProperty() stories!: number;
  @ApiProperty({ example: 49.99, description: 'USD of card top-ups completed that day' })
  revenue_usd!: number;
}

export class DashboardHistoryResponse {
  @ApiProperty({ enum: [7, 30] }) days!: number;
  @ApiProperty({ type: DashboardDayResponse, isArray: true, description: 'Oldest first' })
  points!: DashboardDayResponse[];
}

const LIMIT = 'limit must be an integer from 1 to 100';
const OFFSET = 'offset must be an integer from 0 to 10000';

export class AdminUsersQuery {
  @ApiPropertyOptional({ enum: ['all', 'user', 'admin', 'super_admin'], default: 'all' })
  @IsOptional()
  @IsIn(['all', 'user', 'admin', 'super_admin'], { message: 'role must be all, user, admin or super_admin' })
  role?: string;

  @ApiPropertyOptional({
    description: 'Search text on username, display name and e-mail (at most 20 answers)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ description: 'Same as search' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({ description: 'Same as search' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  query?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT })
  @Min(1, { message: LIMIT })
  @Max(100, { message: LIMIT })
  limit?: number;

  @ApiPropertyOptional({
    enum: ['created_at', 'username', 'aura_score', 'role'],
    default: 'created_at',
    description: 'The column the list is ordered by',
  })
  @IsOptional()
  @IsIn(['created_at', 'username', 'aura_score', 'role'], {
    message: 'sort must be created_at, username, aura_score or role',
  })
  sort?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 10_000,
    default: 0,
    description: 'Members to skip (paging); the X-Total-Count header gives how many match in all',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: OFFSET })
  @Min(0, { message: OFFSET })
  @Max(10_000, { message: OFFSET })
  offset?: number;
}

export class AdminUserUpdateBody {
  @ApiPropertyOptional({ description: 'The member (the path names them; accepted for the spec’s body)' })
  @IsOptional()
  @IsString()
  user_id?: string;

  @ApiPropertyOptional({ enum: ['user', 'admin', 'super_admin'] })
  @IsOptional()
  @IsIn(['user', 'admin', 'super_admin'], { message: 'Role must be one of user, admin, super_admin' })
  role?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'is_super_aura must be true or false' })
  is_super_aura?: boolean;
}

export class EconomySettingsResponse {
  @ApiProperty({ example: 10, description: 'USD' }) min_withdrawal_usd!: number;
  @ApiProperty({ example: 0.01, description: 'AC per post (first 20 a day), before the SuperAura ×1.5' })
  post_reward_ac!: number;
  @ApiProperty({ type: String, nullable: true }) updated_at!: string | null;
}

export class EconomySettingsBody {
  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 10,
    description: 'USD, 1–10,000, whole cents',
  })
  @Allow()
  min_withdrawal_usd?: unknown;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 0.01,
    description: 'AC, 0–1, steps of 0.001',
  })
  @Allow()
  post_reward_ac?: unknown;
}
