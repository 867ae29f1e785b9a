import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { UserResponse } from '../auth/auth.dto';
import { POST_CATEGORIES, POST_CONTENT_TYPES, PostCategory, PostContentType } from './social.constants';
import { UUID_PATTERN } from '../common/id.pipe';
import { FeaturedGenieResponse } from '../genies/genies.dto';

// class-validator reports a property's constraints in the order the decorators run (bottom first), so
// the type check sits closest to the property: `content: 42` is "content must be text".
// REST shapes of ADR 0004 (snake_case, as the spec names them). Shapes are checked here (422 when
// malformed); the social rules (content or media, comment length, self-follow...) live in the
// social service and come back as 400 with the spec's message.

/** '' and null mean "not given" for optional ids in bodies. */
const emptyToUndefined = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : value;

// ---- requests ----------------------------------------------------------------------------------

export class CreatePostRequest {
  @ApiPropertyOptional({
    example: 'Sunrise walk before work #gratitude @luna_92',
    description: 'The text; required unless media_url is given. #tags and @mentions are extracted from it.',
  })
  @IsOptional()
  @MaxLength(10000, { message: 'content is too long' })
  @IsString({ message: 'content must be text' })
  content?: string | null;

  @ApiPropertyOptional({
    enum: POST_CONTENT_TYPES,
    description: 'Defaults to multimedia when media_url is given, else text',
  })
  @IsOptional()
  @IsIn(POST_CONTENT_TYPES, { message: 'content_type must be text or multimedia' })
  content_type?: PostContentType;

  @ApiPropertyOptional({ enum: POST_CATEGORIES, default: 'general' })
  @IsOptional()
  // The same text as the social service's, which checks it too.
  @IsIn(POST_CATEGORIES, { message: `category must be one of: ${POST_CATEGORIES.join(', ')}` })
  category?: PostCategory;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '/api/media/posts/5f0c9a7e2b1d4c3a9e8f7a6b.jpg',
    description: 'A file_url from POST /api/media/upload',
  })
  @IsOptional()
  @MaxLength(2048, { message: 'media_url is too long' })
  @IsString({ message: 'media_url must be text' })
  media_url?: string | null;

  @ApiPropertyOptional({ default: false, description: 'A story: shown for 5 hours, never in feeds' })
  @IsOptional()
  @IsBoolean({ message: 'is_story must be true or false' })
  is_story?: boolean;
}

export class CreateCommentRequest {
  @ApiProperty({ example: 'This made my day!', description: 'Non-blank, at most 300 characters' })
  @MaxLength(10000, { message: 'content is too long' })
  @IsString({ message: 'content must be text' })
  content!: string;

  @ApiPropertyOptional({ enum: ['text'], default: 'text' })
  @IsOptional()
  @IsIn(['text'], { message: 'content_type must be text' })
  content_type?: 'text';

  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String, description: 'Reply to this comment' })
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(UUID_PATTERN, { message: 'parent_comment_id must be a comment id' })
  @IsString({ message: 'parent_comment_id must be a comment id' })
  parent_comment_id?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    type: String,
    nullable: true,
    description: 'Optional; the post in the path governs, a different one here is refused (400)',
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @MaxLength(100, { message: 'post_id must be a post id' })
  @IsString({ message: 'post_id must be a post id' })
  post_id?: string;
}

export class EditPostRequest {
  @ApiProperty({
    example: 'Sunrise run, take two #morning',
    description:
      'The new text (at most 2000 characters; blank only if the post has media). Media, category and type stay',
  })
  @MaxLength(10000, { message: 'content is too long' })
  @IsString({ message: 'content must be text' })
  content!: string;
}

export class EditCommentRequest {
  @ApiProperty({ example: 'This made my week!', description: 'Non-blank, at most 300 characters' })
  @MaxLength(10000, { message: 'content is too long' })
  @IsString({ message: 'content must be text' })
  content!: string;
}

// ---- responses ---------------------------------------------------------------------------------

export class PostAuthor {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000 }) aura_score!: number;
  @ApiProperty({ description: 'URL of the picture, "" when none' }) profile_picture!: string;
  @ApiProperty() is_super_aura!: boolean;
}

export class MentionedUser {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'luna_92' }) username!: string;
}

export class PostResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() content!: string;
  @ApiProperty({ enum: POST_CONTENT_TYPES }) content_type!: PostContentType;
  @ApiProperty({ enum: POST_CATEGORIES }) category!: PostCategory;
  @ApiProperty({ type: String, nullable: true, description: 'null when the post has no media' })
  media_url!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['image', 'video', 'audio'],
    description: 'Kind of the media, from its URL; null without media',
  })
  media_type!: 'image' | 'video' | 'audio' | null;
  @ApiProperty() is_story!: boolean;
  @ApiProperty({ type: 'integer', minimum: 0 }) likes_count!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) comments_count!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'likes + 2 × comments + 3 × tips' })
  engagement_score!: number;
  @ApiProperty({ description: 'Whether the caller liked it' }) is_liked!: boolean;
  @ApiProperty({ description: 'Whether the caller saved it (only the caller sees their saves)' })
  is_saved!: boolean;
  @ApiProperty({ type: [String], example: ['gratitude'], description: 'Lower-cased, without #' })
  tags!: string[];
  @ApiProperty({ type: [String], example: ['luna_92'], description: 'Usernames, without @' })
  mentions!: string[];
  @ApiProperty({
    type: [MentionedUser],
    description: 'The mentions that name a member, with their ids (links to their profiles)',
  })
  mentioned_users!: MentionedUser[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When its author last edited the text (shown as "edited"); null if never',
  })
  edited_at!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Stories only: when it disappears (5 hours after created_at); null for posts',
  })
  expires_at!: string | null;
  @ApiProperty({ type: PostAuthor }) user!: PostAuthor;
}

/** The landing page's preview: a post without the viewer-specific is_liked and is_saved. */
export class PublicPostResponse extends OmitType(PostResponse, ['is_liked', 'is_saved'] as const) {}

export class CommentResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) post_id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null for a top-level comment' })
  parent_comment_id!: string | null;
  @ApiProperty() content!: string;
  @ApiProperty({ enum: ['text'] }) content_type!: 'text';
  @ApiProperty({ type: 'integer', minimum: 0 }) likes_count!: number;
  @ApiProperty({ description: 'Whether the caller liked it' }) has_liked!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When its commenter last edited the text (shown as "edited"); null if never',
  })
  edited_at!: string | null;
  @ApiProperty({
    type: [MentionedUser],
    description: 'The mentions that name a member, with their ids (links to their profiles)',
  })
  mentioned_users!: MentionedUser[];
  @ApiProperty({ type: PostAuthor }) user!: PostAuthor;
}

export class LikeResponse {
  @ApiProperty({ description: 'Whether the caller likes it now' }) liked!: boolean;
  @ApiProperty({ type: 'integer', minimum: 0 }) likes_count!: number;
}

export class FollowResponse {
  @ApiProperty({ description: 'Whether the caller follows the member now' }) is_following!: boolean;
  @ApiProperty({ type: 'integer', minimum: 0, description: "The member's followers" })
  followers_count!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many members the member follows' })
  following_count!: number;
}

export class SaveResponse {
  @ApiProperty({ description: 'Whether the caller has the post saved now' }) saved!: boolean;
}

export class HideResponse {
  @ApiProperty({ description: "Whether the post is hidden from the caller's feeds now" }) hidden!: boolean;
}

export class MuteResponse {
  @ApiProperty({ description: 'Whether the caller mutes the member now' }) muted!: boolean;
}

export class MutedMemberResponse {
  @ApiProperty({ type: PostAuthor }) user!: PostAuthor;
  @ApiProperty({ format: 'date-time' }) muted_at!: string;
}

export class MuteWordRequest {
  @ApiProperty({
    example: 'spoilers',
    description:
      'A word or phrase (matched as whole words, in any case), or a tag with its #; 1-50 characters',
  })
  @IsString({ message: 'phrase is required' })
  @MaxLength(1000, { message: 'phrase is too long' })
  phrase!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 8760,
    default: 0,
    description: 'Hours until the mute ends (24, 168, 720…); 0 or absent: until unmuted',
  })
  @IsOptional()
  @IsInt({ message: 'expires_in_hours must be a whole number from 0 to 8760' })
  @Min(0, { message: 'expires_in_hours must be a whole number from 0 to 8760' })
  @Max(8760, { message: 'expires_in_hours must be a whole number from 0 to 8760' })
  expires_in_hours?: number;
}

export class MutedWordResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'As stored: trimmed, lower-cased' }) phrase!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'null: until unmuted' })
  expires_at!: string | null;
}

/**
 * Another member's profile, composed by the gateway from identity (the member) and social (counts).
 * featured_genie comes from the genies service (null when none, or when genies cannot answer).
 */
export class MemberProfileResponse extends UserResponse {
  @ApiProperty({ type: 'integer', minimum: 0 }) followers_count!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) following_count!: number;
  @ApiProperty({ description: 'Whether the caller follows this member' }) is_following!: boolean;
  @ApiProperty({
    description: 'Whether the caller muted this member (only the caller sees it; the member is never told)',
  })
  is_muted!: boolean;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: "Other members' views of this profile, once per viewer and UTC day",
  })
  profile_visits_count!: number;
  @ApiProperty({ type: FeaturedGenieResponse, nullable: true, description: 'The member’s featured genie' })
  featured_genie!: FeaturedGenieResponse | null;
}

export class MemberSummary {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty({ description: 'URL of the picture, "" when none' }) profile_picture!: string;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000 }) aura_score!: number;
  @ApiProperty() bio!: string;
  @ApiProperty() is_super_aura!: boolean;
}

export class TagCount {
  @ApiProperty({ example: 'gratitude', description: 'Lower-cased, without #' }) tag!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) count!: number;
}

export class SearchResponse {
  @ApiProperty({ type: [MemberSummary] }) users!: MemberSummary[];
  @ApiProperty({ type: [PostResponse] }) posts!: PostResponse[];
  @ApiProperty({ type: [PostResponse] }) stories!: PostResponse[];
  @ApiProperty({ type: [TagCount] }) tags!: TagCount[];
}

export class CreatorEntry {
  @ApiProperty({ type: MemberSummary }) user!: MemberSummary;
  @ApiProperty({ example: 12.345, description: 'AC tipped to the member in the window (3 decimals)' })
  total_tips!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) tip_count!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Posts, comments and likes given in the window' })
  activity_score!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Posts in the window' }) recent_posts!: number;
  @ApiProperty({ type: 'integer', description: 'Aura gained in the window' }) aura_gained!: number;
}

export class PublicStatsResponse {
  @ApiProperty({ type: 'integer', minimum: 0 }) total_users!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) active_users_24h!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) total_posts!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) total_engagement!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) posts_today!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) engagement_today!: number;
}
