import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, FilterQuery, Model, SortOrder } from 'mongoose';
import { prefixRange } from '../common/search-words';
import { MemberDoc, memberModel } from '../members/member.schema';
import { PostDoc, postModel } from '../posts/post.schema';

/** A span of creation times [from, to); null = open. */
export interface SearchWindow {
  from: Date | null;
  to: Date | null;
}

function createdIn(window: SearchWindow): FilterQuery<PostDoc> {
  if (!window.from && !window.to) return {};
  return {
    createdAt: { ...(window.from ? { $gte: window.from } : {}), ...(window.to ? { $lt: window.to } : {}) },
  };
}

/** Member fields search ranks by before reading the few it answers. */
export type MemberRank = Pick<MemberDoc, '_id' | 'auraScore' | 'usernameLower'>;

/**
 * The finds of search, one place for the service and the index tests. Each filters on its words
 * index alone (members: a range of the name words; posts: one word prefix and a time window; tags: a
 * range of the tags): no other index of the collection can serve it, so the engine never weighs a plan
 * over the whole collection (it would pay for it); what else a result must satisfy (not deleted, not
 * blocked, a category, the other words) is checked on what the find returns.
 */
export const SearchQueries = {
  /** Members with a name word starting with the text (nameWords_1), ranked by the caller. */
  members: (prefix: string) => ({
    filter: { nameWords: { $elemMatch: prefixRange(prefix) } } as FilterQuery<MemberDoc>,
    projection: { _id: 1, auraScore: 1, usernameLower: 1 },
  }),
  /**
   * Posts and stories created in the window with a word starting with `prefix` (one key of
   * contentPrefixes_1_createdAt_-1: the window narrows the bounds), newest first.
   */
  posts: (prefix: string, window: SearchWindow) => ({
    filter: { contentPrefixes: prefix, ...createdIn(window) } as FilterQuery<PostDoc>,
    sort: { createdAt: -1 } as Record<string, SortOrder>,
  }),
  /** Posts and stories with a tag starting with `prefix` (a range of tags_1_createdAt_-1), newest first. */
  tagged: (prefix: string, window: SearchWindow) => ({
    filter: { tags: { $elemMatch: prefixRange(prefix) }, ...createdIn(window) } as FilterQuery<PostDoc>,
    sort: { createdAt: -1 } as Record<string, SortOrder>,
  }),
};

/** Search's reads of the members projection and the posts, each a range of one words index. */
@Injectable()
export class SearchRepository {
  private readonly members: Model<MemberDoc>;
  private readonly posts: Model<PostDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.members = memberModel(connection);
    this.posts = postModel(connection);
  }

  /** Every member with a name word starting with `prefix`: the fields search ranks them by. */
  membersStartingWith(prefix: string): Promise<MemberRank[]> {
    const find = SearchQueries.members(prefix);
    return this.members.find(find.filter, find.projection).lean<MemberRank[]>().exec();
  }

  /** Posts and stories of the window with a word (or, `tagged`, a tag) starting with `prefix`, newest first. */
  contentStartingWith(prefix: string, window: SearchWindow, tagged: boolean): Promise<PostDoc[]> {
    const find = tagged ? SearchQueries.tagged(prefix, window) : SearchQueries.posts(prefix, window);
    return this.posts.find(find.filter).sort(find.sort).lean<PostDoc[]>().exec();
  }
}
