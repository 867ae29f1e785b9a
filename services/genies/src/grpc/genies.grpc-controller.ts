import { AsyncService, CallContext, Caller, NotFound, Unauthenticated } from '@aura/platform';
import { genies } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { artworkUrl, Catalogue } from '../catalogue/catalogue';
import type { GenieDoc } from '../catalogue/catalogue.repository';
import { CollectionService } from '../collection/collection.service';
import type { UserGenieView } from '../collection/user-genie-views';
import { EarningsService } from '../earnings/earnings.service';
import { GiftsService } from '../gifts/gifts.service';
import { UUID } from '../ids';
import { PriceService } from '../price/price.service';
import { PurchasesService } from '../purchases/purchases.service';
import { RevealsService } from '../reveals/reveals.service';

function callerOf(context: CallContext): Caller {
  if (!context.caller) throw new Unauthenticated('Not authenticated');
  return context.caller;
}

function toGenie(genie: GenieDoc): genies.Genie {
  return {
    id: genie._id,
    name: genie.name,
    description: genie.description,
    rarity: genie.rarity,
    imageUrl: artworkUrl(genie._id),
    animationType: genie.animation_type,
    dailyEarningRateMicro: genie.daily_rate_micro,
    specialAbility: genie.special_ability,
  };
}

function toUserGenie(view: UserGenieView): genies.UserGenie {
  return {
    id: view.id,
    ownerId: view.ownerId,
    genie: toGenie(view.genie),
    nickname: view.nickname,
    isFeatured: view.isFeatured,
    pendingEarningsMicro: view.pendingEarningsMicro,
    acquiredAt: view.acquiredAt.toISOString(),
    dailyEarningRateMicro: view.dailyEarningRateMicro,
    receivedAsGift: view.receivedAsGift,
    giftedBy: view.giftedBy,
    lifetimeEarningsMicro: view.lifetimeEarningsMicro,
  };
}

/** A UserGenie id from a request: a UUID, else no such genie. */
function userGenieId(value: string): string {
  const id = value.trim().toLowerCase();
  if (!UUID.test(id)) throw new NotFound('Genie not found');
  return id;
}

/** The gRPC face of genies: decodes, checks who is calling, delegates, encodes. */
@Injectable()
export class GeniesGrpcController implements AsyncService<genies.GeniesServiceServer> {
  constructor(
    @Inject(Catalogue) private readonly catalogue: Catalogue,
    @Inject(PurchasesService) private readonly purchases: PurchasesService,
    @Inject(RevealsService) private readonly reveals: RevealsService,
    @Inject(CollectionService) private readonly collection: CollectionService,
    @Inject(EarningsService) private readonly earnings: EarningsService,
    @Inject(GiftsService) private readonly gifts: GiftsService,
    @Inject(PriceService) private readonly price: PriceService,
  ) {}

  async listCatalogue(_request: unknown, context: CallContext): Promise<genies.GenieList> {
    callerOf(context);
    return { genies: this.catalogue.all().map(toGenie) };
  }

  async getBottles(_request: unknown, context: CallContext): Promise<genies.Bottles> {
    return this.purchases.bottles(callerOf(context).userId);
  }

  async purchaseBottles(
    request: genies.PurchaseBottlesRequest,
    context: CallContext,
  ): Promise<genies.PurchaseResult> {
    return this.purchases.purchase(callerOf(context), request.quantity, context.idempotencyKey, {
      confirmPause: request.confirmPause,
    });
  }

  async revealBottle(_request: unknown, context: CallContext): Promise<genies.UserGenie> {
    return toUserGenie(await this.reveals.reveal(callerOf(context)));
  }

  async listCollection(request: genies.MemberRequest, context: CallContext): Promise<genies.UserGenieList> {
    const caller = callerOf(context);
    const list = await this.collection.collection(request.userId.trim() || caller.userId);
    return { genies: list.map(toUserGenie) };
  }

  async getStats(_request: unknown, context: CallContext): Promise<genies.GenieStats> {
    const stats = await this.collection.stats(callerOf(context).userId);
    return { ...stats, featuredGenie: stats.featuredGenie ? toUserGenie(stats.featuredGenie) : undefined };
  }

  async setNickname(request: genies.SetNicknameRequest, context: CallContext): Promise<genies.UserGenie> {
    const caller = callerOf(context);
    return toUserGenie(
      await this.collection.setNickname(caller, userGenieId(request.userGenieId), request.nickname),
    );
  }

  async setFeatured(request: genies.UserGenieRequest, context: CallContext): Promise<genies.UserGenie> {
    const caller = callerOf(context);
    return toUserGenie(await this.collection.setFeatured(caller, userGenieId(request.userGenieId)));
  }

  async claimEarnings(_request: unknown, context: CallContext): Promise<genies.ClaimResult> {
    return this.earnings.claim(callerOf(context));
  }

  async sendGenie(request: genies.SendGenieRequest, context: CallContext): Promise<genies.SendGenieResult> {
    const caller = callerOf(context);
    const id = request.userGenieId.trim() ? userGenieId(request.userGenieId) : '';
    return this.gifts.send(caller, id, request.recipientUsername, request.message);
  }

  async getFeatured(request: genies.MemberRequest, context: CallContext): Promise<genies.FeaturedGenie> {
    const caller = callerOf(context);
    const featured = await this.collection.featured(request.userId.trim() || caller.userId);
    return featured ? { found: true, genie: toUserGenie(featured) } : { found: false, genie: undefined };
  }

  async setBottlePrice(request: genies.SetBottlePriceRequest, context: CallContext): Promise<genies.Bottles> {
    const caller = callerOf(context);
    const priceMicro = await this.price.setPrice(caller, request.priceMicro);
    const { bottlesOwned } = await this.purchases.bottles(caller.userId);
    return { bottlesOwned, priceMicro };
  }

  /** Public: the artwork is served to <img> without a token. */
  async getArtwork(request: genies.ArtworkRequest): Promise<genies.Artwork> {
    const artwork = await this.catalogue.artworkOf(request.file);
    if (!artwork) throw new NotFound('File not found');
    return { content: artwork.content, contentType: 'image/svg+xml', etag: artwork.etag };
  }
}
