import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

// REST shapes of messaging (spec 000 §3 Conversation, Message; §7 Messaging), snake_case. Shapes are
// checked here (422 when malformed); the rules (blank text, blocks) live in messaging (400).

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio'] as const;
export type MessageTypeName = (typeof MESSAGE_TYPES)[number];

export class ParticipantResponse {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty() profile_picture!: string;
  @ApiProperty({ minimum: 0, maximum: 1000 }) aura_score!: number;
  @ApiProperty() is_super_aura!: boolean;
}

export class ConversationParticipantResponse extends ParticipantResponse {
  @ApiProperty({ description: 'Whether any of their sockets is connected now' }) is_online!: boolean;
}

export const REACTION_EMOJI = ['❤️', '😂', '😮', '😢', '🙏', '👍'] as const;

export class QuotedMessageResponse {
  @ApiProperty({ format: 'uuid' }) message_id!: string;
  @ApiProperty() sender_id!: string;
  @ApiProperty({ description: 'Display name of its sender when the reply was sent' }) sender_name!: string;
  @ApiProperty({ description: 'The start of its text (≤ 120 characters); empty when unavailable' })
  excerpt!: string;
  @ApiProperty({ enum: MESSAGE_TYPES }) message_type!: MessageTypeName;
  @ApiProperty({ description: 'It was removed by a moderator or deleted with its sender’s account' })
  unavailable!: boolean;
}

export class QuotedStoryResponse {
  @ApiProperty() story_id!: string;
  @ApiProperty() author_id!: string;
  @ApiProperty({ description: 'The start of its text (≤ 120 characters)' }) excerpt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Its picture or video when it had one' })
  media_url!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['image', 'video'] }) media_type!: string | null;
}

export class MessageReactionResponse {
  @ApiProperty({ enum: REACTION_EMOJI }) emoji!: string;
  @ApiProperty({ description: 'How many members reacted with it' }) count!: number;
  @ApiProperty({ type: String, isArray: true, description: 'Who, earliest first' }) user_ids!: string[];
}

export class MessageResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '65f0c0ffee00000000000001:65f0c0ffee00000000000002' }) conversation_id!: string;
  @ApiProperty({
    type: ParticipantResponse,
    description: 'id, username and aura_score as the spec names them',
  })
  sender!: ParticipantResponse;
  @ApiProperty() recipient_id!: string;
  @ApiProperty({ description: 'The text (may be empty with an attachment)' }) content!: string;
  @ApiProperty({ enum: MESSAGE_TYPES }) message_type!: MessageTypeName;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Attachments: a signed, expiring path readable only by the two members; null for text',
  })
  media_url!: string | null;
  @ApiProperty() is_read!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) read_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The id the sending client gave (use it to match the echo of an optimistic message)',
  })
  client_message_id!: string | null;
  @ApiProperty({ description: 'Removed by a moderator: content and media are gone' }) removed!: boolean;
  @ApiProperty({ type: QuotedMessageResponse, nullable: true, description: 'The message this one answers' })
  reply_to!: QuotedMessageResponse | null;
  @ApiProperty({
    type: MessageReactionResponse,
    isArray: true,
    description: 'One entry per emoji anyone reacted with, in the fixed order of the set',
  })
  reactions!: MessageReactionResponse[];
  @ApiProperty({ type: QuotedStoryResponse, nullable: true, description: 'A reply to this story' })
  story!: QuotedStoryResponse | null;
}

export class ConversationResponse {
  @ApiProperty({ example: '65f0c0ffee00000000000001:65f0c0ffee00000000000002' }) id!: string;
  @ApiProperty({ type: ConversationParticipantResponse }) other_participant!: ConversationParticipantResponse;
  @ApiProperty({ description: 'Messages to you that you have not read' }) unread_count!: number;
  @ApiProperty({ description: 'Either of you blocks the other: no messages (the composer is hidden)' })
  is_blocked!: boolean;
  @ApiProperty({ type: MessageResponse, nullable: true }) last_message!: MessageResponse | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) last_message_time!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class OpenConversationResponse {
  @ApiProperty({ example: '65f0c0ffee00000000000001:65f0c0ffee00000000000002' }) conversation_id!: string;
  @ApiProperty({ type: ConversationResponse }) conversation!: ConversationResponse;
}

const CLIENT_MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class SendMessageRequest {
  @ApiProperty({ example: '65f0c0ffee00000000000002' })
  @IsString({ message: 'recipient_id is required' })
  @MaxLength(64)
  recipient_id!: string;

  @ApiProperty({ example: 'Good morning ☀️', description: 'Not blank; at most 5000 characters' })
  @IsString({ message: 'content is required' })
  @MaxLength(20000, { message: 'content is too long' })
  content!: string;

  @ApiPropertyOptional({
    enum: ['text'],
    default: 'text',
    description: 'Attachments use /messages/send-with-media',
  })
  @IsOptional()
  @IsIn(['text'], { message: 'message_type must be text (attachments use /messages/send-with-media)' })
  message_type?: 'text';

  @ApiPropertyOptional({
    example: 'c7a4f1e2-9b1d-4c2a-8f3e-1d2c3b4a5f60',
    description:
      'Your id for this message (1-64 letters, digits, - or _): a retry with it is the same message',
  })
  @IsOptional()
  @Matches(CLIENT_MESSAGE_ID, { message: 'client_message_id must be 1-64 letters, digits, "-" or "_"' })
  client_message_id?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A message of the same conversation this one answers (404 otherwise)',
  })
  @IsOptional()
  @IsString({ message: 'reply_to_message_id must be a message id' })
  @MaxLength(64, { message: 'reply_to_message_id must be a message id' })
  reply_to_message_id?: string;
}

export class StoryReplyRequest {
  @ApiProperty({
    example: '🔥',
    description: 'Not blank; at most 5000 characters (a quick reaction is an emoji)',
  })
  @IsString({ message: 'content is required' })
  @MaxLength(20000, { message: 'content is too long' })
  content!: string;

  @ApiPropertyOptional({ description: 'Your id for this message: a retry with it is the same message' })
  @IsOptional()
  @Matches(CLIENT_MESSAGE_ID, { message: 'client_message_id must be 1-64 letters, digits, "-" or "_"' })
  client_message_id?: string;
}

export class SearchMessagesQuery {
  @ApiProperty({ minLength: 2, maxLength: 100, description: 'Text the messages contain (any case)' })
  @IsString({ message: 'q is required' })
  @MaxLength(400, { message: 'Search for at most 100 characters' })
  q!: string;

  @ApiPropertyOptional({ description: 'X-Next-Cursor of the previous (newer) page' })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be between 1 and 50' })
  @Max(50, { message: 'limit must be between 1 and 50' })
  limit?: number;
}

/** The multipart body of send-with-media (fields before the file stream best). */
export const SEND_WITH_MEDIA_SCHEMA = {
  type: 'object',
  required: ['file', 'recipient_id'],
  properties: {
    recipient_id: { type: 'string' },
    content: { type: 'string', description: 'Optional caption' },
    message_type: {
      type: 'string',
      enum: ['image', 'video', 'audio'],
      description: 'Checked against the file',
    },
    client_message_id: { type: 'string' },
    reply_to_message_id: { type: 'string', format: 'uuid', description: 'A message this one answers' },
    file: { type: 'string', format: 'binary', description: 'Image, video or audio, at most 50 MB' },
  },
} as const;

export class ListMessagesQuery {
  @ApiPropertyOptional({ description: 'X-Next-Cursor of the previous (newer) page' })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be between 1 and 100' })
  @Max(100, { message: 'limit must be between 1 and 100' })
  limit?: number;
}
