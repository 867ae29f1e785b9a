import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';
import { IdPipe, UUID_PATTERN } from '../common/id.pipe';
import { FEEDS, Feed } from './social.constants';

// Path ids are checked before any call (common/id.pipe.ts); members' ids: common/member-id.pipe.ts.

export const POST_NOT_FOUND = 'Post not found';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const FEED_NOT_FOUND = 'Feed not found';

/** Posts, stories and comments: UUIDs (social's ids). */
export const PostIdPipe = new IdPipe(UUID_PATTERN, POST_NOT_FOUND);
export const CommentIdPipe = new IdPipe(UUID_PATTERN, COMMENT_NOT_FOUND);
export const MUTED_WORD_NOT_FOUND = 'Muted word not found';
export const MutedWordIdPipe = new IdPipe(UUID_PATTERN, MUTED_WORD_NOT_FOUND);

@Injectable()
export class FeedPipe implements PipeTransform<string, Feed> {
  transform(value: string): Feed {
    if (!(FEEDS as readonly string[]).includes(value))
      throw new NotFoundException({ detail: FEED_NOT_FOUND });
    return value as Feed;
  }
}
