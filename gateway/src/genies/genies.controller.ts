import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended, Roles, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { GeniesClient } from '../clients/genies.client';
import {
  ApiForbidden,
  ApiMalformedBody,
  ApiMissing,
  ApiRule,
  ApiSignedIn,
  ApiSpends,
  DAILY_LIMIT_RULE,
} from '../common/api-docs';
import { MemberIdPipe } from '../common/member-id.pipe';
import {
  BottlePriceRequest,
  BottlePriceResponse,
  BottlesResponse,
  ClaimResponse,
  FeaturedGenieResponse,
  FeaturedSetResponse,
  GenieResponse,
  GenieStatsResponse,
  NicknameRequest,
  PurchaseBottlesRequest,
  PurchaseBottlesResponse,
  SendGenieRequest,
  SendGenieResponse,
  UserGenieResponse,
} from './genies.dto';
import {
  acText,
  priceMicroOf,
  quantityOf,
  toBottles,
  toFeatured,
  toGenie,
  toStats,
  toUserGenie,
  userGenieIdOf,
} from './genies.mappers';
import { microToAc } from '../common/amounts';
import { RequestDeadline, SLOW_CALL_DEADLINE_MS } from '../common/request-deadline';

const GENIE_MISSING = '"Genie not found" (no such genie, or not the caller’s)';

/**
 * The genie routes of issue 8 (spec 001 §2/§7). The static paths are declared before the
 * `/genies/{id}/…` ones; `{id}` is a UserGenie id (a UUID), except in `/genies/{userId}/featured`.
 */
@ApiTags('genies')
@ApiSignedIn()
@SignedIn()
@Controller('genies')
export class GeniesController {
  constructor(private readonly genies: GeniesClient) {}

  /** The catalogue: every genie a bottle can reveal. */
  @Get('available')
  @ApiOkResponse({ type: [GenieResponse] })
  async available(@CurrentCaller() caller: AuthenticatedCaller): Promise<GenieResponse[]> {
    const list = await this.genies.listCatalogue(caller);
    return list.genies.map(toGenie);
  }

  /** The caller's unopened bottles and the bottle price. */
  @Get('bottles')
  @ApiOkResponse({ type: BottlesResponse })
  async bottles(@CurrentCaller() caller: AuthenticatedCaller): Promise<BottlesResponse> {
    return toBottles(await this.genies.getBottles(caller));
  }

  /** Buys 1-10 bottles at the bottle price each, charged to the wallet. */
  @Post('purchase-bottle')
  @RequestDeadline(SLOW_CALL_DEADLINE_MS)
  @HttpCode(200)
  @ApiSpends('spend')
  @ApiOkResponse({ type: PurchaseBottlesResponse })
  @ApiRule(
    `"Quantity must be a whole number from 1 to 10", "Insufficient AuraCoin balance!", ${DAILY_LIMIT_RULE}`,
  )
  async purchase(
    @Body() body: PurchaseBottlesRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<PurchaseBottlesResponse> {
    const quantity = quantityOf(body?.quantity);
    const result = await this.genies.purchaseBottles(
      caller,
      quantity,
      idempotencyKey || undefined,
      body?.confirm_pause === true,
    );
    return {
      message: `Purchased ${quantity} Genie bottle${quantity === 1 ? '' : 's'} for ${acText(result.costMicro)} AuraCoin`,
      quantity,
      cost: microToAc(result.costMicro),
      bottles_owned: result.bottlesOwned,
      transaction_id: result.transferId,
    };
  }

  /** Opens one bottle: the rarity is drawn on the server at the shop odds. */
  @Post('reveal-bottle')
  @HttpCode(200)
  @ApiOkResponse({ type: UserGenieResponse, description: 'The revealed genie' })
  @ApiRule('"You have no bottles to reveal"')
  async reveal(@CurrentCaller() caller: AuthenticatedCaller): Promise<UserGenieResponse> {
    return toUserGenie(await this.genies.revealBottle(caller));
  }

  /** The caller's genies, newest first, with pending earnings. */
  @Get('collection')
  @ApiOkResponse({ type: [UserGenieResponse] })
  async collection(@CurrentCaller() caller: AuthenticatedCaller): Promise<UserGenieResponse[]> {
    const list = await this.genies.listCollection(caller);
    return list.genies.map(toUserGenie);
  }

  @Get('stats')
  @ApiOkResponse({ type: GenieStatsResponse })
  async stats(@CurrentCaller() caller: AuthenticatedCaller): Promise<GenieStatsResponse> {
    return toStats(await this.genies.getStats(caller));
  }

  /** Claim All: every genie's pending earnings, credited once. */
  @Post('claim-earnings')
  @RequestDeadline(SLOW_CALL_DEADLINE_MS)
  @HttpCode(200)
  @ApiOkResponse({ type: ClaimResponse })
  async claim(@CurrentCaller() caller: AuthenticatedCaller): Promise<ClaimResponse> {
    const result = await this.genies.claimEarnings(caller);
    const amount = microToAc(result.amountMicro);
    return {
      message:
        result.amountMicro > 0
          ? `Claimed ${amount.toFixed(3)} AuraCoin from ${result.genies} genie${result.genies === 1 ? '' : 's'}`
          : 'No earnings to claim yet',
      amount,
      genies: result.genies,
    };
  }

  @Put(':id/nickname')
  @ApiParam({ name: 'id', description: 'UserGenie id', format: 'uuid' })
  @ApiOkResponse({ type: UserGenieResponse })
  @ApiRule('"Nickname must be at most 30 characters"')
  @ApiMissing(GENIE_MISSING)
  @ApiMalformedBody()
  async nickname(
    @Param('id') id: string,
    @Body() body: NicknameRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<UserGenieResponse> {
    return toUserGenie(await this.genies.setNickname(caller, userGenieIdOf(id), body?.nickname ?? ''));
  }

  @Post(':id/set-featured')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'UserGenie id', format: 'uuid' })
  @ApiOkResponse({ type: FeaturedSetResponse })
  @ApiMissing(GENIE_MISSING)
  async feature(
    @Param('id') id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<FeaturedSetResponse> {
    const genie = toUserGenie(await this.genies.setFeatured(caller, userGenieIdOf(id)));
    return { message: `${genie.nickname ?? genie.genie.name} is now your featured Genie`, genie };
  }

  /** A permanent gift: the genie's pending earnings are claimed for the sender first. */
  @Post(':id/send')
  @RequestDeadline(SLOW_CALL_DEADLINE_MS)
  @RefusedWhileSuspended()
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'UserGenie id', format: 'uuid' })
  @ApiOkResponse({ type: SendGenieResponse })
  @ApiRule(
    '"Please select a genie and enter recipient username", "Message must be at most 200 characters", ' +
      '"You cannot send a genie to yourself", "A genie received as a gift cannot be sent again"',
  )
  @ApiMissing(`${GENIE_MISSING}, "User not found" (no member with that username)`)
  @ApiMalformedBody()
  async send(
    @Param('id') id: string,
    @Body() body: SendGenieRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<SendGenieResponse> {
    const result = await this.genies.sendGenie(caller, {
      userGenieId: userGenieIdOf(id),
      recipientUsername: body?.recipient_username ?? '',
      message: body?.message ?? '',
    });
    return {
      message: `${result.genieName} was sent to @${result.recipientUsername}`,
      recipient_id: result.recipientId,
      recipient_username: result.recipientUsername,
    };
  }

  /** A member's featured genie (`{userId}` is a member id here). */
  @Get(':userId/featured')
  @ApiParam({ name: 'userId', description: 'Member id' })
  @ApiOkResponse({ type: FeaturedGenieResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: '"No featured genie" or "User not found"' })
  async featured(
    @Param('userId', MemberIdPipe) userId: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<FeaturedGenieResponse> {
    const result = await this.genies.getFeatured(caller, userId);
    if (!result.found || !result.genie) throw new NotFoundException({ detail: 'No featured genie' });
    return toFeatured(result.genie);
  }
}

@ApiTags('genies')
@ApiSignedIn()
@SignedIn()
@Controller('users')
export class MemberGeniesController {
  constructor(private readonly genies: GeniesClient) {}

  /** Any member's genies (their public collection), newest first. */
  @Get(':id/genies')
  @ApiParam({ name: 'id', description: 'Member id' })
  @ApiOkResponse({ type: [UserGenieResponse] })
  @ApiMissing()
  async memberGenies(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<UserGenieResponse[]> {
    const list = await this.genies.listCollection(caller, id);
    return list.genies.map(toUserGenie);
  }
}

@ApiTags('admin')
@ApiSignedIn()
@Controller('admin/settings')
export class AdminGeniesController {
  constructor(private readonly genies: GeniesClient) {}

  /** The Genie bottle price (persists in the genies service). */
  @Post('genie-bottle-price')
  @Roles('super_admin')
  @HttpCode(200)
  @ApiOkResponse({ type: BottlePriceResponse })
  @ApiRule('"Genie bottle price must be between 50 and 1000 AuraCoin"')
  @ApiForbidden('Not a super admin')
  async price(
    @Body() body: BottlePriceRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<BottlePriceResponse> {
    const bottles = await this.genies.setBottlePrice(caller, priceMicroOf(body?.price));
    return {
      message: `Genie bottle price set to ${acText(bottles.priceMicro)} AuraCoin`,
      price: microToAc(bottles.priceMicro),
    };
  }
}
