import { type BaseConfig, PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { ArtworkStorage } from './catalogue/artwork-storage';
import { Catalogue } from './catalogue/catalogue';
import { CatalogueRepository } from './catalogue/catalogue.repository';
import { CollectionService } from './collection/collection.service';
import { UserGenieViews } from './collection/user-genie-views';
import { UserGeniesRepository } from './collection/user-genies.repository';
import { ClaimsRepository } from './earnings/claims.repository';
import { EarningsService } from './earnings/earnings.service';
import { GenieEventsRepository } from './events/genie-events.repository';
import { GiftsRepository } from './gifts/gifts.repository';
import { GiftsService } from './gifts/gifts.service';
import { GeniesGrpcController } from './grpc/genies.grpc-controller';
import { type IdentityLookup, MembersConsumer, MembersService } from './members/members';
import { MembersRepository } from './members/members.repository';
import { touchGenieCounters } from './metrics';
import type { GenieMoney } from './money/economy-money';
import { PriceRepository } from './price/price.repository';
import { PriceService } from './price/price.service';
import { BottlesRepository } from './purchases/bottles.repository';
import { PurchasesRepository } from './purchases/purchases.repository';
import { PurchasesService } from './purchases/purchases.service';
import { RevealsService } from './reveals/reveals.service';
import type { RandomInt } from './rules/odds';
import { PurchaseSweeper } from './sweep/purchase-sweeper';
import { GENIE_MONEY, IDENTITY_LOOKUP, RANDOM_INT } from './tokens';

export interface GeniesModuleOptions {
  /** Charges and payouts (economy over gRPC in main.ts). */
  money: GenieMoney;
  /** Members the projection does not know yet (identity over gRPC in main.ts; none in tests). */
  identity?: IdentityLookup;
  /** Tests fix the draws. */
  random?: RandomInt;
}

/**
 * The genies service: its parts as class providers beside the platform's. Starting it (app.init())
 * creates the indexes and the default price (each repository) and the catalogue with its artwork; main.ts then starts the
 * members consumer and the purchase sweeper.
 */
@Module({})
export class GeniesModule {
  static register(runtime: ServiceRuntime, config: BaseConfig, options: GeniesModuleOptions): DynamicModule {
    touchGenieCounters();
    return {
      module: GeniesModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: GENIE_MONEY, useValue: options.money },
        ...(options.identity ? [{ provide: IDENTITY_LOOKUP, useValue: options.identity }] : []),
        ...(options.random ? [{ provide: RANDOM_INT, useValue: options.random }] : []),
        ArtworkStorage,
        CatalogueRepository,
        Catalogue,
        MembersRepository,
        MembersService,
        MembersConsumer,
        UserGeniesRepository,
        PurchasesRepository,
        BottlesRepository,
        ClaimsRepository,
        GiftsRepository,
        PriceRepository,
        GenieEventsRepository,
        UserGenieViews,
        PriceService,
        PurchasesService,
        RevealsService,
        EarningsService,
        CollectionService,
        GiftsService,
        PurchaseSweeper,
        GeniesGrpcController,
      ],
    };
  }
}
