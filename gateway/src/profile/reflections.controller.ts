import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { IdentityClient } from '../clients/identity.client';
import { ApiBroken, ApiMalformed, ApiMember } from '../social/social.docs';
import {
  ReflectionBody,
  ReflectionCreatedResponse,
  ReflectionResponse,
  WellnessListQuery,
} from './profile.dto';
import { toReflection, toReflectionCreated } from './profile.mappers';

/** The caller's daily reflections (identity owns them). Others' are read at /users/{id}/content. */
@ApiTags('profile')
@ApiMember()
@SignedIn()
@Controller('reflections')
export class ReflectionsController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  @ApiOkResponse({
    type: ReflectionResponse,
    isArray: true,
    description: "The caller's reflections, newest first",
  })
  @ApiMalformed('"limit must be an integer from 1 to 100"')
  async list(
    @Query() query: WellnessListQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ReflectionResponse[]> {
    const list = await this.identity.listReflections(caller, '', query.limit ?? 20);
    return list.reflections.map(toReflection);
  }

  @Post()
  @HttpCode(201)
  @ApiResponse({
    status: 201,
    type: ReflectionCreatedResponse,
    description: 'The reflection and its rewards (+10 aura and 0.001 AC for the first of the UTC day)',
  })
  @ApiBroken(
    '"Please write your reflection" (missing or blank), "Reflection must be at most 2000 characters", "Mood must be one of positive, neutral, negative", "Invalid category"',
  )
  @ApiMalformed('A field is not text')
  async create(
    @Body() body: ReflectionBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ReflectionCreatedResponse> {
    return toReflectionCreated(
      await this.identity.createReflection(caller, {
        content: body.content ?? '',
        mood: body.mood ?? '',
        category: body.category ?? '',
      }),
    );
  }
}
