import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class BlockRequest {
  @ApiPropertyOptional({
    example: '65f0c0ffee00000000000002',
    description: 'Repeats the path id (the spec sends it); the path governs, a different id is 400',
  })
  @IsOptional()
  @IsString({ message: 'user_id must be text' })
  @MaxLength(64)
  user_id?: string;

  @ApiPropertyOptional({ example: 'Spam', description: 'At most 500 characters' })
  @IsOptional()
  @IsString({ message: 'reason must be text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string;
}

export class BlockedUserResponse {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty() profile_picture!: string;
  @ApiProperty() aura_score!: number;
}

export class BlockedEntryResponse {
  @ApiProperty({ type: BlockedUserResponse }) user!: BlockedUserResponse;
  @ApiProperty() reason!: string;
  @ApiProperty({ format: 'date-time' }) blocked_at!: string;
}

export class BlockStateResponse {
  @ApiProperty() user_id!: string;
  @ApiProperty() is_blocked!: boolean;
  @ApiProperty({ example: 'User has been blocked' }) message!: string;
}
