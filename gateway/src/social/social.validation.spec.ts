import 'reflect-metadata';
import { ArgumentMetadata, HttpException } from '@nestjs/common';
import { apiValidationPipe } from '../common/validation';
import { CreateCommentRequest, CreatePostRequest } from './social.dto';
import { FeedPipe, PostIdPipe } from './social.pipes';
import { FeedQuery, MemberContentQuery, SearchQuery, TrendingTagsQuery } from './social.query';

async function validate(metatype: ArgumentMetadata['metatype'], value: unknown, type: 'body' | 'query') {
  return apiValidationPipe.transform(value, { type, metatype });
}

async function failure(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    const http = error as HttpException;
    return { status: http.getStatus(), body: http.getResponse() };
  }
  throw new Error('expected a failure');
}

describe('path ids', () => {
  it('takes a UUID post id (lower-cased) and answers 404 "Post not found" for anything else', async () => {
    expect(PostIdPipe.transform('0B9D6F2E-8A51-4C7E-9F3A-2D1C0B9A8E7F')).toBe(
      '0b9d6f2e-8a51-4c7e-9f3a-2d1c0b9a8e7f',
    );
    for (const bad of ['feed', '123', '0b9d6f2e8a514c7e9f3a2d1c0b9a8e7f', '65f0c9a7e2b1d4c3a9e8f7a6'])
      expect(await failure(() => PostIdPipe.transform(bad))).toEqual({
        status: 404,
        body: { detail: 'Post not found' },
      });
  });

  it('knows the four feeds and nothing else', async () => {
    const pipe = new FeedPipe();
    for (const feed of ['aura', 'high-aura', 'discovery', 'following'])
      expect(pipe.transform(feed)).toBe(feed);
    expect(await failure(() => pipe.transform('trending'))).toEqual({
      status: 404,
      body: { detail: 'Feed not found' },
    });
  });
});

describe('query strings', () => {
  it('turns a limit into a number and refuses garbage with 422', async () => {
    expect(await validate(FeedQuery, { limit: '5', cursor: 'abc' }, 'query')).toEqual({
      limit: 5,
      cursor: 'abc',
    });
    expect(await validate(FeedQuery, {}, 'query')).toEqual({});
    for (const limit of ['abc', '0', '-3', '51', '2.5', ''])
      expect(await failure(validate(FeedQuery, { limit }, 'query'))).toEqual({
        status: 422,
        body: { detail: 'limit must be a whole number from 1 to 50' },
      });
  });

  it('refuses an unknown content_type, category or period with 422 naming it', async () => {
    expect(await failure(validate(MemberContentQuery, { content_type: 'genies' }, 'query'))).toEqual({
      status: 422,
      body: { detail: 'content_type must be one of posts, stories, reflections' },
    });
    expect(await failure(validate(SearchQuery, { query: 'x', category: 'sports' }, 'query'))).toMatchObject({
      status: 422,
    });
    expect(await failure(validate(TrendingTagsQuery, { period: '1y' }, 'query'))).toEqual({
      status: 422,
      body: { detail: 'period must be one of 24h, 7d, 30d, all' },
    });
  });

  it('accepts an empty search category (any) and the union of categories', async () => {
    for (const category of ['', 'all', 'wellness', 'personal'])
      expect(await validate(SearchQuery, { query: 'x', category }, 'query')).toMatchObject({ category });
  });
});

describe('bodies', () => {
  it('refuses a category outside the five with 422 and the list', async () => {
    expect(await failure(validate(CreatePostRequest, { content: 'hi', category: 'sports' }, 'body'))).toEqual(
      {
        status: 422,
        body: { detail: 'category must be one of: general, lifestyle, technology, inspiration, personal' },
      },
    );
  });

  it('lets empty content through to the service, which owns the content-or-media rule', async () => {
    expect(await validate(CreatePostRequest, { content: '', media_url: null }, 'body')).toMatchObject({
      content: '',
    });
  });

  it('needs comment content as text; ignores an empty parent_comment_id; refuses a malformed one', async () => {
    expect(await failure(validate(CreateCommentRequest, {}, 'body'))).toEqual({
      status: 422,
      body: { detail: 'content is required' },
    });
    expect(
      await validate(CreateCommentRequest, { content: 'x', parent_comment_id: '', post_id: null }, 'body'),
    ).toEqual({ content: 'x' });
    expect(
      await failure(validate(CreateCommentRequest, { content: 'x', parent_comment_id: 'abc' }, 'body')),
    ).toEqual({ status: 422, body: { detail: 'parent_comment_id must be a comment id' } });
  });

  it('names the type first when a text field is not text', async () => {
    expect(await failure(validate(CreatePostRequest, { content: 42 }, 'body'))).toEqual({
      status: 422,
      body: { detail: 'content must be text' },
    });
    expect(await failure(validate(CreateCommentRequest, { content: 42 }, 'body'))).toEqual({
      status: 422,
      body: { detail: 'content must be text' },
    });
  });

  it('refuses an is_story that is not a boolean', async () => {
    expect(await failure(validate(CreatePostRequest, { content: 'x', is_story: 'yes' }, 'body'))).toEqual({
      status: 422,
      body: { detail: 'is_story must be true or false' },
    });
  });
});
