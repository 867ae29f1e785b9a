import { createHash } from 'node:crypto';
import {
  Body,
  Controller,
  Headers,
  HttpCode,
  Param,
  Post,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Roles } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { IdentityClient } from '../clients/identity.client';
import { MemberIdPipe } from '../common/member-id.pipe';
import { ApiMalformed, ApiMember, ApiMemberId, ApiNotFound } from '../social/social.docs';

const DELTA = 'delta must be a whole number from -1000 to 1000, not 0';

export class AuraAdjustmentBody {
  @ApiProperty({ type: 'integer', minimum: -1000, maximum: 1000, example: 250 })
  @IsInt({ message: DELTA })
  @Min(-1000, { message: DELTA })
  @Max(1000, { message: DELTA })
  delta!: number;
}

export class AuraAdjustmentResponse {
  @ApiProperty({ type: 'integer', description: 'The change applied (clamped to 0–1000)' }) applied!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000 }) aura_score!: number;
  @ApiProperty({ description: 'The Idempotency-Key was used before: nothing changed now' })
  repeated!: boolean;
}

/** A super admin moves a member's aura (logged with reason admin); the demo data uses it for its range. */
@ApiTags('admin')
@ApiMember()
@Controller('admin/users')
export class AdminAuraController {
  constructor(private readonly identity: IdentityClient) {}

  @Post(':id/aura')
  @HttpCode(200)
  @Roles('super_admin')
  @ApiMemberId()
  @ApiHeader({ name: 'idempotency-key', required: true, description: 'The change is applied once per key' })
  @ApiOkResponse({ type: AuraAdjustmentResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'An idempotency key that is not printable ASCII',
  })
  @ApiResponse({ status: 403, type: ErrorResponse, description: 'Not a super admin' })
  @ApiNotFound('"User not found"')
  @ApiMalformed(`"${DELTA}", "An idempotency key is required"`)
  async adjust(
    @Param('id', MemberIdPipe) id: string,
    @Body() body: AuraAdjustmentBody,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<AuraAdjustmentResponse> {
    if (!key || key.length > 200)
      throw new UnprocessableEntityException({ detail: 'An idempotency key is required' });
    // The key is the super admin's, for this member (issue 18): the same key sent by another admin or
    // for another member is another change, never the first one's answer.
    const scoped = `${caller.userId}:${id}:${createHash('sha256').update(key).digest('base64url')}`;
    const result = await this.identity.adminAdjustAura(caller, {
      userId: id,
      delta: body.delta,
      key: scoped,
    });
    return { applied: result.applied, aura_score: result.auraScore, repeated: result.repeated };
  }
}
