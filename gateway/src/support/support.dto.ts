import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

// Support tickets (spec 000 §3–§5 and §7, spec 001 §3, §7). Shapes are checked here (422); the rules
// and their messages are the admin service's (400).

export class TicketBody {
  @ApiProperty({ example: 'Cannot see my coins' })
  @IsOptional()
  @IsString({ message: 'subject must be a string' })
  @MaxLength(10_000)
  subject?: string;

  @ApiProperty({ maxLength: 1000 })
  @IsOptional()
  @IsString({ message: 'message must be a string' })
  @MaxLength(100_000)
  message?: string;

  @ApiPropertyOptional({ enum: ['low', 'normal', 'high', 'urgent'], default: 'normal' })
  @IsOptional()
  @IsString({ message: 'priority must be a string' })
  priority?: string;
}

export class TicketPersonResponse {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
}

export class TicketResponseResponse {
  @ApiProperty() id!: string;
  @ApiProperty() message!: string;
  @ApiProperty() is_admin_response!: boolean;
  @ApiProperty({ type: TicketPersonResponse }) author!: TicketPersonResponse;
  @ApiProperty() created_at!: string;
}

export class TicketResponse {
  @ApiProperty() id!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: ['low', 'normal', 'high', 'urgent'] }) priority!: string;
  @ApiProperty({ enum: ['open', 'in_progress', 'resolved'] }) status!: string;
  @ApiProperty({ type: TicketPersonResponse }) user!: TicketPersonResponse;
  @ApiProperty({ type: TicketPersonResponse, nullable: true, description: 'The admin who answered first' })
  assigned_admin!: TicketPersonResponse | null;
  @ApiProperty({ type: TicketResponseResponse, isArray: true }) responses!: TicketResponseResponse[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class TicketCreatedResponse {
  @ApiProperty({ example: 'Support ticket submitted successfully!' }) message!: string;
  @ApiProperty({ type: TicketResponse }) ticket!: TicketResponse;
}

export class AdminTicketsQuery {
  @ApiPropertyOptional({ enum: ['open', 'in_progress', 'resolved'] })
  @IsOptional()
  @IsIn(['open', 'in_progress', 'resolved'], { message: 'Status must be one of open, in_progress, resolved' })
  status?: string;
}

export class RespondBody {
  @ApiPropertyOptional({ description: 'The ticket (the path names it; accepted for the spec’s body)' })
  @IsOptional()
  @IsString()
  ticket_id?: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: 'message must be a string' })
  @MaxLength(100_000)
  message?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  is_admin_response?: boolean;
}

export class TicketStatusQuery {
  @ApiPropertyOptional({ enum: ['open', 'in_progress', 'resolved'] })
  @IsOptional()
  @IsString()
  new_status?: string;
}

export class TicketStatusBody {
  @ApiPropertyOptional({ enum: ['open', 'in_progress', 'resolved'], description: 'Also read from the query' })
  @IsOptional()
  @IsString()
  new_status?: string;
}

export class PublicConfigResponse {
  @ApiProperty({ example: 'support@aura.local' }) support_email!: string;
}
