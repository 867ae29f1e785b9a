import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { identity } from '@aura/proto';

// Shapes are checked here (422 when malformed); the account rules live in identity (400 with a message).

export class RegisterRequest {
  @ApiProperty({
    example: 'luna_92',
    description: '3-30 letters, digits or underscores; unique without regard to case',
  })
  @IsString({ message: 'username is required' })
  @MaxLength(200)
  username!: string;

  @ApiProperty({ example: 'luna@example.com' })
  @IsString({ message: 'email is required' })
  @MaxLength(320)
  email!: string;

  @ApiProperty({ example: 'correct horse battery', minLength: 8 })
  @IsString({ message: 'password is required' })
  @MaxLength(1024)
  password!: string;

  @ApiPropertyOptional({ example: 'Luna', description: 'Defaults to the username' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  display_name?: string;
}

export class LoginRequest {
  @ApiProperty({ example: 'luna_92' })
  @IsString({ message: 'username is required' })
  @MaxLength(200)
  username!: string;

  @ApiProperty({ example: 'correct horse battery' })
  @IsString({ message: 'password is required' })
  @MaxLength(1024)
  password!: string;
}

export class ChangePasswordRequest {
  @ApiProperty({ example: 'correct horse battery' })
  @IsString({ message: 'current_password is required' })
  @MaxLength(1024)
  current_password!: string;

  @ApiProperty({ example: 'a longer passphrase', description: '8 to 128 characters' })
  @IsString({ message: 'new_password is required' })
  @MaxLength(1024)
  new_password!: string;
}

export class ChangePasswordResponse {
  @ApiProperty({ description: 'How many other sessions were signed out' })
  sessions_ended!: number;
}

export class DeviceSessionResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'date-time', description: 'When the member signed in on this device' })
  started_at!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'Its last sign-in or token refresh (an open app refreshes about every 15 minutes)',
  })
  last_seen_at!: string;
  @ApiProperty({ description: 'The browser as it named itself (User-Agent); empty when unknown' })
  user_agent!: string;
  @ApiProperty({ description: 'The address it was last seen from; empty when unknown' })
  ip!: string;
  @ApiProperty({ description: 'The session of the token that asked' }) current!: boolean;
}

export class EndSessionsResponse {
  @ApiProperty({ description: 'How many sessions were signed out' })
  sessions_ended!: number;
}

export class UserResponse {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiPropertyOptional({ description: 'Shown only to the member and to admins' }) email?: string;
  @ApiProperty({ enum: ['user', 'admin', 'super_admin'] }) role!: 'user' | 'admin' | 'super_admin';
  @ApiProperty({ minimum: 0, maximum: 1000 }) aura_score!: number;
  @ApiProperty() profile_picture!: string;
  @ApiProperty() banner_image!: string;
  @ApiProperty() bio!: string;
  @ApiProperty() aura_animation_style!: string;
  @ApiProperty() aura_color_gradient!: string;
  @ApiProperty() profile_ring_color!: string;
  @ApiProperty() profile_background!: string;
  @ApiProperty() profile_audio_youtube_link!: string;
  @ApiProperty() is_super_aura!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class AuthResponse {
  @ApiProperty() access_token!: string;
  @ApiProperty({ enum: ['bearer'] }) token_type!: 'bearer';
  @ApiProperty({ description: 'Seconds until the access token expires' }) expires_in!: number;
  @ApiProperty({ type: UserResponse }) user!: UserResponse;
}

export class ErrorResponse {
  @ApiProperty({ example: 'Username already taken' }) detail!: string;
}

export function toUserResponse(user: identity.User, options: { includeEmail: boolean }): UserResponse {
  return {
    id: user.id,
    username: user.username,
    display_name: user.displayName,
    ...(options.includeEmail ? { email: user.email } : {}),
    role: user.role as UserResponse['role'],
    aura_score: user.auraScore,
    profile_picture: user.profilePicture,
    banner_image: user.bannerImage,
    bio: user.bio,
    aura_animation_style: user.auraAnimationStyle,
    aura_color_gradient: user.auraColorGradient,
    profile_ring_color: user.profileRingColor,
    profile_background: user.profileBackground,
    profile_audio_youtube_link: user.profileAudioYoutubeLink,
    is_super_aura: user.isSuperAura,
    created_at: user.createdAt,
  };
}
