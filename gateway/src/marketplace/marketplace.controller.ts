import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { economy } from '@aura/proto';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Public, SignedIn } from '../auth/auth.decorators';
import { microToAc } from '../common/amounts';
import {
  ApiMalformedBody,
  ApiMissing,
  ApiRule,
  ApiSignedIn,
  ApiSpends,
  DAILY_LIMIT_RULE,
} from '../common/api-docs';
import { MemberIdPipe } from '../common/member-id.pipe';
import { MarketplaceClient } from './marketplace.client';
import {
  MarketplaceApplyResponse,
  MarketplaceCategoryResponse,
  MarketplaceItemResponse,
  MarketplaceOwnedResponse,
  MarketplacePurchaseRequest,
  MarketplacePurchaseResponse,
} from './marketplace.dto';

export const ITEM_NOT_FOUND = 'Item not found';

/** `confirm_pause` of an optional body: true, false or absent (422 for anything else). */
export function confirmPauseOf(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return false;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new UnprocessableEntityException({ detail: 'Request body must be a JSON object' });
  const value = (body as { confirm_pause?: unknown }).confirm_pause;
  if (value === undefined) return false;
  if (typeof value !== 'boolean')
    throw new UnprocessableEntityException({ detail: 'confirm_pause must be true or false' });
  return value;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An item id in a path: a UUID; anything else names no item (404). */
export function itemIdOf(value: string): string {
  if (!UUID.test(value ?? '')) throw new NotFoundException({ detail: ITEM_NOT_FOUND });
  return value.toLowerCase();
}

export function toItem(item: economy.MarketplaceItem): MarketplaceItemResponse {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    category: item.category,
    price: microToAc(item.priceMicro),
    is_premium: item.isPremium,
    is_owned: item.isOwned,
    is_active_on_profile: item.isActiveOnProfile,
    preview_image_url: item.previewImageUrl,
    appearance: item.appearance,
  };
}

/** Public: the categories (spec 001 §6: sent without a token; a bearer header, even invalid, is ignored). */
@ApiTags('marketplace')
@Public()
@Controller('marketplace/categories')
export class MarketplaceCategoriesController {
  constructor(private readonly marketplace: MarketplaceClient) {}

  @Get()
  @ApiOkResponse({ type: MarketplaceCategoryResponse, isArray: true, description: 'In catalogue order' })
  async categories(): Promise<MarketplaceCategoryResponse[]> {
    const { categories } = await this.marketplace.categories();
    return categories.map(({ id, name }) => ({ id, name }));
  }
}

/** The cosmetic marketplace (spec 001 §2, §3; economy owns the catalogue and the purchases). */
@ApiTags('marketplace')
@ApiSignedIn()
@SignedIn()
@Controller('marketplace')
export class MarketplaceController {
  constructor(private readonly marketplace: MarketplaceClient) {}

  @Get('items')
  @ApiOkResponse({ type: MarketplaceItemResponse, isArray: true, description: 'With the caller’s flags' })
  async items(@CurrentCaller() caller: AuthenticatedCaller): Promise<MarketplaceItemResponse[]> {
    const { items } = await this.marketplace.items(caller);
    return items.map(toItem);
  }

  /** The caller's items, newest purchase first (My Purchases). */
  @Get('purchases')
  @ApiOkResponse({ type: MarketplaceOwnedResponse, isArray: true })
  async purchases(@CurrentCaller() caller: AuthenticatedCaller): Promise<MarketplaceOwnedResponse[]> {
    const { purchases } = await this.marketplace.purchases(caller);
    return purchases.flatMap((purchase) =>
      purchase.item
        ? [{ ...toItem(purchase.item), purchased_at: purchase.purchasedAt, transfer_id: purchase.transferId }]
        : [],
    );
  }

  /** Buys the item once: its price moves from the caller's wallet through the ledger. */
  @Post('purchase/:id')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Item id' })
  @ApiBody({ type: MarketplacePurchaseRequest, required: false })
  @ApiSpends('spend')
  @ApiOkResponse({ type: MarketplacePurchaseResponse })
  @ApiRule(`"Insufficient balance", "You already own this item", ${DAILY_LIMIT_RULE}`)
  @ApiMissing(`"${ITEM_NOT_FOUND}"`)
  @ApiMalformedBody('"confirm_pause must be true or false"')
  async purchase(
    @Param('id') id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
    // Optional: the spec's client sends none. Read as it comes (the pipe validates only class bodies).
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<MarketplacePurchaseResponse> {
    const purchase = await this.marketplace.purchase(
      caller,
      itemIdOf(id),
      idempotencyKey || undefined,
      confirmPauseOf(body),
    );
    const item = toItem(purchase.item!);
    return {
      message: `${item.name} purchased successfully!`,
      item,
      transfer_id: purchase.transferId,
      balance_after: microToAc(purchase.balanceAfterMicro),
      purchased_at: purchase.purchasedAt,
    };
  }

  /** Shows an owned item on the caller's profile; it replaces the one applied in its category. */
  @Post('items/:id/apply')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Item id' })
  @ApiOkResponse({ type: MarketplaceApplyResponse })
  @ApiRule('"You do not own this item"')
  @ApiMissing(`"${ITEM_NOT_FOUND}"`)
  async apply(
    @Param('id') id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MarketplaceApplyResponse> {
    const item = toItem(await this.marketplace.apply(caller, itemIdOf(id)));
    return { message: `${item.name} applied to your profile`, item };
  }

  /** Takes an owned item off the caller's profile. */
  @Delete('items/:id/apply')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Item id' })
  @ApiOkResponse({ type: MarketplaceApplyResponse })
  @ApiRule('"You do not own this item"')
  @ApiMissing(`"${ITEM_NOT_FOUND}"`)
  async remove(
    @Param('id') id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MarketplaceApplyResponse> {
    const item = toItem(await this.marketplace.remove(caller, itemIdOf(id)));
    return { message: `${item.name} removed from your profile`, item };
  }
}

/** The items a member shows on their profile (spec 000 §7 `GET /users/{id}/applied-items`). */
@ApiTags('marketplace')
@ApiSignedIn()
@SignedIn()
@Controller('users')
export class AppliedItemsController {
  constructor(private readonly marketplace: MarketplaceClient) {}

  @Get(':id/applied-items')
  @ApiParam({ name: 'id', description: 'Member id' })
  @ApiOkResponse({ type: MarketplaceItemResponse, isArray: true, description: 'In catalogue order' })
  @ApiMissing()
  async applied(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MarketplaceItemResponse[]> {
    const { items } = await this.marketplace.applied(caller, id);
    return items.map(toItem);
  }
}
