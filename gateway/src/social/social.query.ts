import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  MEMBER_CONTENT_TYPES,
  MemberContentType,
  PROFILE_POST_MEDIA,
  SEARCH_CATEGORIES,
  SEARCH_CONTENT_TYPES,
  TOP_RISING_PERIODS,
  TOP_TIPPED_PERIODS,
  TRENDING_PERIODS,
} from './social.constants';

// Query strings of the social routes. A value that is not what the route takes is a 422 naming the
// parameter; an absent one takes the documented default.

function Limit(defaultValue: number, max: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: max, default: defaultValue }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message }),
    Min(1, { message }),
    Max(max, { message }),
  );
}

function OneOf(values: readonly string[], defaultValue: string, name: string) {
  const shown = values.filter((value) => value !== '');
  return applyDecorators(
    ApiPropertyOptional({ enum: values, default: defaultValue }),
    IsOptional(),
    IsIn(values, { message: `${name} must be one of ${shown.join(', ')}` }),
  );
}

function Cursor() {
  return applyDecorators(
    ApiPropertyOptional({
      description: 'The X-Next-Cursor of the previous page (opaque); absent for the first page',
    }),
    IsOptional(),
    IsString({ message: 'cursor must be text' }),
    MaxLength(1000, { message: 'cursor is not valid' }),
  );
}

export class FeedQuery {
  @Cursor() cursor?: string;
  @Limit(20, 50) limit?: number;
}

export class CommentsQuery {
  @Cursor() cursor?: string;
  @Limit(50, 100) limit?: number;
}

export class StoriesQuery {
  @Limit(50, 100) limit?: number;
}

export class MemberPostsQuery {
  @Cursor() cursor?: string;
  @Limit(10, 50) limit?: number;
}

export class MemberStoriesQuery {
  @Cursor() cursor?: string;
  @Limit(20, 50) limit?: number;
}

export class MemberContentQuery {
  @OneOf(MEMBER_CONTENT_TYPES, 'posts', 'content_type') content_type?: MemberContentType;
  @Cursor() cursor?: string;
  @Limit(20, 50) limit?: number;
}

export class MutesQuery {
  @Cursor() cursor?: string;
  @Limit(50, 100) limit?: number;
}

export class SavedPostsQuery {
  @Cursor() cursor?: string;
  @Limit(20, 50) limit?: number;
}

export class ProfilePostsQuery {
  @OneOf(PROFILE_POST_MEDIA, 'all', 'content_type') content_type?: (typeof PROFILE_POST_MEDIA)[number];
  @Cursor() cursor?: string;
  @Limit(20, 50) limit?: number;
}

export class SearchQuery {
  @ApiPropertyOptional({ description: 'The text to look for; blank answers empty lists' })
  @IsOptional()
  @IsString({ message: 'query must be text' })
  @MaxLength(200, { message: 'query is too long' })
  query?: string;

  @OneOf(SEARCH_CONTENT_TYPES, 'all', 'content_type') content_type?: (typeof SEARCH_CONTENT_TYPES)[number];
  @OneOf(SEARCH_CATEGORIES, 'all', 'category') category?: (typeof SEARCH_CATEGORIES)[number];
  @Limit(20, 50) limit?: number;
}

export class MemberSearchQuery {
  @Limit(10, 50) limit?: number;
}

export class TrendingTagsQuery {
  @OneOf(TRENDING_PERIODS, '7d', 'period') period?: (typeof TRENDING_PERIODS)[number];
  @Limit(20, 50) limit?: number;
}

export class TopTippedQuery {
  @OneOf(TOP_TIPPED_PERIODS, 'weekly', 'period') period?: (typeof TOP_TIPPED_PERIODS)[number];
  @Limit(10, 50) limit?: number;
}

export class TopRisingQuery {
  @OneOf(TOP_RISING_PERIODS, '7d', 'period') period?: (typeof TOP_RISING_PERIODS)[number];
  @Limit(10, 50) limit?: number;
}

export class PreviewQuery {
  @Limit(10, 20) limit?: number;
}
