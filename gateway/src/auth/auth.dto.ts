import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
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

export class PasswordResetRequest {
  @ApiProperty({ example: 'luna@example.com' })
  @IsString({ message: 'email is required' })
  @MaxLength(320)
  email!: string;
}

export class ResetPasswordRequest {
  @ApiProperty({ description: 'From the link mailed to the member (after #token=)' })
  @IsString({ message: 'token is required' })
  @MaxLength(200)
  token!: string;

  @ApiProperty({ example: 'a longer passphrase', description: '8 to 128 characters' })
  @IsString({ message: 'new_password is required' })
  @MaxLength(1024)
  new_password!: string;
}

export class VerifyEmailRequest {
  @ApiProperty({ description: 'From the link mailed at sign-up (after #token=)' })
  @IsString({ message: 'token is required' })
  @MaxLength(200)
  token!: string;
}

export class DetailResponse {
  @ApiProperty() detail!: string;
}

export class PasskeyResponse {
  @ApiProperty({ description: 'The credential id (base64url)' }) id!: string;
  @ApiProperty({ example: 'MacBook' }) name!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Its last sign-in' })
  last_used_at!: string | null;
}

export class WebAuthnOptionsResponse {
  @ApiProperty({ description: "Send it back with the browser's answer (five minutes, once)" })
  ceremony_id!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "For @simplewebauthn/browser's startRegistration / startAuthentication ({ optionsJSON })",
  })
  options!: Record<string, unknown>;
}

export class FinishPasskeyRegistrationRequest {
  @ApiProperty() @IsString({ message: 'ceremony_id is required' }) @MaxLength(100) ceremony_id!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The browser's answer (startRegistration's RegistrationResponseJSON)",
  })
  @IsObject({ message: 'response is required' })
  response!: Record<string, unknown>;
  @ApiPropertyOptional({ example: 'MacBook', description: '1-50 characters; default "Passkey"' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

export class FinishPasskeySignInRequest {
  @ApiProperty() @IsString({ message: 'ceremony_id is required' }) @MaxLength(100) ceremony_id!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The browser's answer (startAuthentication's AuthenticationResponseJSON)",
  })
  @IsObject({ message: 'response is required' })
  response!: Record<string, unknown>;
}

export class SecondFactorRequiredResponse {
  @ApiProperty({ enum: [true], description: 'The member has two-factor authentication: send a code next' })
  second_factor_required!: true;
  @ApiProperty({
    description: 'For POST /api/auth/login/second-factor; good for five minutes and five tries',
  })
  second_factor_token!: string;
  @ApiProperty({
    description:
      'The member has a passkey: POST /api/auth/passkeys/second-factor/options and /second-factor answer the step with it instead of a code',
  })
  passkey_available!: boolean;
}

export class SecondFactorPasskeyOptionsRequest {
  @ApiProperty({ description: 'From the answer of POST /api/auth/login' })
  @IsString({ message: 'second_factor_token is required' })
  @MaxLength(200)
  second_factor_token!: string;
}

export class SecondFactorPasskeyRequest extends FinishPasskeySignInRequest {
  @ApiProperty({ description: 'From the answer of POST /api/auth/login' })
  @IsString({ message: 'second_factor_token is required' })
  @MaxLength(200)
  second_factor_token!: string;
}

export class SecondFactorLoginRequest {
  @ApiProperty({ description: 'From the answer of POST /api/auth/login' })
  @IsString({ message: 'second_factor_token is required' })
  @MaxLength(200)
  second_factor_token!: string;

  @ApiProperty({
    example: '492039',
    description: 'Six digits from the authenticator app, or a recovery code (xxxxx-xxxxx)',
  })
  @IsString({ message: 'code is required' })
  @MaxLength(40)
  code!: string;
}

export class PasswordConfirmationRequest {
  @ApiProperty({ description: "The member's current password" })
  @IsString({ message: 'password is required' })
  @MaxLength(1024)
  password!: string;
}

export class EnableTotpRequest {
  @ApiProperty({ example: '492039', description: 'The first code the authenticator app shows' })
  @IsString({ message: 'code is required' })
  @MaxLength(40)
  code!: string;
}

export class DisableTwoFactorRequest {
  @ApiProperty({ description: "The member's current password" })
  @IsString({ message: 'password is required' })
  @MaxLength(1024)
  password!: string;

  @ApiProperty({ description: 'A code from the authenticator app, or a recovery code' })
  @IsString({ message: 'code is required' })
  @MaxLength(40)
  code!: string;
}

export class TwoFactorStatusResponse {
  @ApiProperty({ description: 'Whether sign-in asks for a code from an authenticator app' })
  totp_enabled!: boolean;
  @ApiProperty({ description: 'Unused recovery codes (0 when off)' })
  recovery_codes_left!: number;
}

export class TotpSetupResponse {
  @ApiProperty({ description: 'The shared secret in base32, for typing into the app by hand' })
  secret!: string;
  @ApiProperty({ description: 'otpauth://totp/… for the QR code' })
  otpauth_uri!: string;
}

export class RecoveryCodesResponse {
  @ApiProperty({
    type: [String],
    description: 'Ten single-use codes (xxxxx-xxxxx), shown this once; each signs in instead of a code',
  })
  recovery_codes!: string[];
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

export class RestrictionResponse {
  @ApiProperty({ enum: ['suspended', 'banned'] }) kind!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ description: 'A suspension’s end (ISO-8601); empty for a ban' }) until!: string;
}

export class UserResponse {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiPropertyOptional({ description: 'Shown only to the member and to admins' }) email?: string;
  @ApiPropertyOptional({
    description: 'Whether the member confirmed the e-mail (the link mailed at sign-up); with email only',
  })
  email_verified?: boolean;
  @ApiPropertyOptional({
    type: RestrictionResponse,
    nullable: true,
    description: 'A moderator’s suspension or ban in force (shown with the e-mail only)',
  })
  restriction?: RestrictionResponse | null;
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
  @ApiProperty({
    description:
      'The account was erased (docs/account-deletion.md): "Deleted member", nothing to follow, message or tip',
  })
  is_deleted!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class AuthResponse {
  @ApiProperty() access_token!: string;
  @ApiProperty({ enum: ['bearer'] }) token_type!: 'bearer';
  @ApiProperty({ description: 'Seconds until the access token expires' }) expires_in!: number;
  @ApiProperty({ type: UserResponse }) user!: UserResponse;
  @ApiPropertyOptional({
    description: 'True when this sign-in cancelled the scheduled deletion of the account',
  })
  deletion_cancelled?: boolean;
}

export class AccountDeletionResponse {
  @ApiProperty({
    example: 'Your account will be deleted on 28 December 2026. Sign in before then to keep it.',
  })
  message!: string;
  @ApiProperty({ format: 'date-time' }) delete_at!: string;
}

export class ErrorResponse {
  @ApiProperty({ example: 'Username already taken' }) detail!: string;
  @ApiPropertyOptional({
    example: 'pause_required',
    description:
      'A stable word for refusals a client acts on: pause_required, cooling_off, daily_limit_reached (docs/spending.md)',
  })
  code?: string;
}

export function toUserResponse(user: identity.User, options: { includeEmail: boolean }): UserResponse {
  return {
    id: user.id,
    username: user.username,
    display_name: user.displayName,
    ...(options.includeEmail
      ? {
          email: user.email,
          email_verified: user.emailVerified,
          restriction: user.restriction
            ? { kind: user.restriction.kind, reason: user.restriction.reason, until: user.restriction.until }
            : null,
        }
      : {}),
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
    is_deleted: user.erased,
    created_at: user.createdAt,
  };
}
