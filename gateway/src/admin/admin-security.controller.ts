import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Roles } from '../auth/auth.decorators';
import { IdentityClient } from '../clients/identity.client';
import { ApiForbidden, ApiMalformedBody, ApiRule, ApiSignedIn } from '../common/api-docs';

export class SecurityPolicyBody {
  @ApiProperty({
    description:
      'Admins and super admins without two-factor authentication keep their member views but not the admin ones',
  })
  @IsBoolean({ message: 'require_admin_two_factor must be true or false' })
  require_admin_two_factor!: boolean;
}

export class SecurityPolicyResponse {
  @ApiProperty() require_admin_two_factor!: boolean;
}

/** The account-security policy of the community (identity keeps it). */
@ApiTags('admin')
@ApiSignedIn()
@Controller('admin/security')
export class AdminSecurityController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: SecurityPolicyResponse })
  @ApiForbidden('Not an admin')
  async policy(@CurrentCaller() caller: AuthenticatedCaller): Promise<SecurityPolicyResponse> {
    const policy = await this.identity.getSecurityPolicy(caller);
    return { require_admin_two_factor: policy.requireAdminTwoFactor };
  }

  @Put()
  @Roles('super_admin')
  @ApiOkResponse({ type: SecurityPolicyResponse })
  @ApiRule('"Turn on two-factor authentication for your own account before requiring it of admins"')
  @ApiForbidden('Not a super admin')
  @ApiMalformedBody()
  async setPolicy(
    @Body() body: SecurityPolicyBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<SecurityPolicyResponse> {
    const policy = await this.identity.setSecurityPolicy(caller, {
      requireAdminTwoFactor: body.require_admin_two_factor,
    });
    return { require_admin_two_factor: policy.requireAdminTwoFactor };
  }
}
