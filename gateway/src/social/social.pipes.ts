import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';
import { FEEDS, Feed, OBJECT_ID_PATTERN, UUID_PATTERN } from './social.constants';

// Path ids are checked before any call: an id of the wrong form is 404 (ADR 0004), so that static
// segments like /posts/feed/… or /users/search/… can never be read as ids, and no service sees junk.

export const POST_NOT_FOUND = 'Post not found';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const USER_NOT_FOUND = 'User not found';
export const FEED_NOT_FOUND = 'Feed not found';

/** Posts, stories and comments: UUIDs (social's ids). */
export class UuidPipe implements PipeTransform<string, string> {
  constructor(private readonly notFound: string) {}

  transform(value: string): string {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value))
      throw new NotFoundException({ detail: this.notFound });
    return value.toLowerCase();
  }
}

export const PostIdPipe = new UuidPipe(POST_NOT_FOUND);
export const CommentIdPipe = new UuidPipe(COMMENT_NOT_FOUND);
export const MUTED_WORD_NOT_FOUND = 'Muted word not found';
export const MutedWordIdPipe = new UuidPipe(MUTED_WORD_NOT_FOUND);

/**
 * Members: identity's ids. Identity names members by MongoDB ObjectId (24 hex digits); a UUID is
 * accepted too so that the route keeps working should member ids become UUIDs like social's.
 */
@Injectable()
export class MemberIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !(OBJECT_ID_PATTERN.test(value) || UUID_PATTERN.test(value)))
      throw new NotFoundException({ detail: USER_NOT_FOUND });
    return value.toLowerCase();
  }
}

@Injectable()
export class FeedPipe implements PipeTransform<string, Feed> {
  transform(value: string): Feed {
    if (!(FEEDS as readonly string[]).includes(value))
      throw new NotFoundException({ detail: FEED_NOT_FOUND });
    return value as Feed;
  }
}
