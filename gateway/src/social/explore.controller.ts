import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Public, SignedIn } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ApiMalformed, ApiMember } from './social.docs';
import { CreatorEntry, MemberSummary, SearchResponse, TagCount } from './social.dto';
import { EMPTY_SEARCH, toCreatorEntry, toMemberSummary, toSearch, toTagCount } from './social.mappers';
import {
  MemberSearchQuery,
  SearchQuery,
  TopRisingQuery,
  TopTippedQuery,
  TrendingTagsQuery,
} from './social.query';
import { RateLimit } from '../rate-limit/rate-limit';

/** The Explore dialog: search, trending tags and the two creator rankings. */
@ApiTags('explore')
@SignedIn()
@Controller()
export class ExploreController {
  constructor(private readonly social: SocialClient) {}

  @Get('search')
  @RateLimit('search')
  @ApiMember()
  @ApiOkResponse({
    type: SearchResponse,
    description:
      'Members, posts, stories and tags with a word that starts with the text (services/social/README.md "Search"); all empty for a blank query',
  })
  @ApiMalformed()
  async search(
    @Query() query: SearchQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<SearchResponse> {
    const text = (query.query ?? '').trim();
    // Search runs only on non-empty text (spec 000 §5).
    if (!text) return { ...EMPTY_SEARCH };
    const category = query.category ?? '';
    const result = await this.social.search(caller, {
      query: text,
      contentType: query.content_type ?? 'all',
      category: category === 'all' ? '' : category,
      limit: query.limit ?? 20,
    });
    return toSearch(result);
  }

  // The pickers' member search (transfer recipients from 3 characters, genie gifts from 2): the
  // pickers decide when to call; the server answers any non-blank text.
  @Get('users/search/:text')
  @RateLimit('search')
  @ApiMember()
  @ApiOkResponse({
    type: MemberSummary,
    isArray: true,
    description: 'Members with a word of their username or display name that starts with the text',
  })
  @ApiMalformed()
  async searchMembers(
    @Param('text') text: string,
    @Query() query: MemberSearchQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MemberSummary[]> {
    const trimmed = text.trim();
    if (!trimmed) return [];
    const result = await this.social.search(caller, {
      query: trimmed.slice(0, 200),
      contentType: 'users',
      category: '',
      limit: query.limit ?? 10,
    });
    return result.users.map(toMemberSummary);
  }

  // Public: the spec calls it without a token; a bearer header, even an invalid one, is ignored.
  @Get('tags/trending')
  @Public()
  @ApiOkResponse({ type: TagCount, isArray: true, description: 'Most used tags in the period' })
  @ApiMalformed()
  async trending(@Query() query: TrendingTagsQuery): Promise<TagCount[]> {
    const list = await this.social.trendingTags({ period: query.period ?? '7d', limit: query.limit ?? 20 });
    return list.tags.map(toTagCount);
  }

  @Get('creators/top-tipped')
  @ApiMember()
  @ApiOkResponse({
    type: CreatorEntry,
    isArray: true,
    description: 'Members by AC tipped to them in the period (empty until tips exist)',
  })
  @ApiMalformed()
  async topTipped(
    @Query() query: TopTippedQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<CreatorEntry[]> {
    const list = await this.social.topCreators(caller, {
      ranking: 'tipped',
      period: query.period ?? 'weekly',
      limit: query.limit ?? 10,
    });
    return list.creators.map(toCreatorEntry);
  }

  @Get('creators/top-rising')
  @ApiMember()
  @ApiOkResponse({ type: CreatorEntry, isArray: true, description: 'Members by aura gained in the period' })
  @ApiMalformed()
  async topRising(
    @Query() query: TopRisingQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<CreatorEntry[]> {
    const list = await this.social.topCreators(caller, {
      ranking: 'rising',
      period: query.period ?? '7d',
      limit: query.limit ?? 10,
    });
    return list.creators.map(toCreatorEntry);
  }
}
