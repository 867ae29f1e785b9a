import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import { ApiMalformedBody, ApiSignedIn } from '../common/api-docs';
import { SpendingSettingsResponse, UpdateSpendingSettingsRequest } from './spending.dto';
import { settingChangeOf, toSpendingSettings } from './spending.mappers';

/**
 * Spending that cares (issue 23 item 7, docs/spending.md): the caller's own daily limit and pause
 * threshold, and "Wait 10 minutes". Economy keeps them and enforces them on every tip, transfer and
 * purchase; nobody else reads or changes them (not even an admin).
 */
@ApiTags('wallet')
@ApiSignedIn()
@SignedIn()
@Controller('wallet/spending-settings')
export class SpendingController {
  constructor(private readonly economy: EconomyClient) {}

  @Get()
  @ApiOkResponse({
    type: SpendingSettingsResponse,
    description: 'The caller’s settings, what is pending, the day so far',
  })
  async settings(@CurrentCaller() caller: AuthenticatedCaller): Promise<SpendingSettingsResponse> {
    return toSpendingSettings(await this.economy.getSpendingSettings(caller));
  }

  @Put()
  @HttpCode(200)
  @ApiOkResponse({
    type: SpendingSettingsResponse,
    description:
      'Saved: a first or lower value is in effect now; a raise or a removal is pending for 24 hours',
  })
  @ApiMalformedBody(
    'A value that is not an amount of AC from 0 to 1,000,000 with at most 3 decimals, or null',
  )
  async update(
    @Body() body: UpdateSpendingSettingsRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<SpendingSettingsResponse> {
    const limit = settingChangeOf(body?.daily_limit, 'daily_limit');
    const pause = settingChangeOf(body?.pause_threshold, 'pause_threshold');
    return toSpendingSettings(
      await this.economy.updateSpendingSettings(caller, {
        ...(limit.value === undefined ? {} : { dailyLimitMicro: limit.value }),
        removeDailyLimit: limit.remove,
        ...(pause.value === undefined ? {} : { pauseThresholdMicro: pause.value }),
        removePauseThreshold: pause.remove,
      }),
    );
  }

  /** "Wait 10 minutes": spends above the pause threshold are refused for 10 minutes, even confirmed. */
  @Post('cooling-off')
  @HttpCode(200)
  @ApiOkResponse({ type: SpendingSettingsResponse, description: 'cooling_off_until is 10 minutes from now' })
  async coolingOff(@CurrentCaller() caller: AuthenticatedCaller): Promise<SpendingSettingsResponse> {
    return toSpendingSettings(await this.economy.startCoolingOff(caller));
  }
}
