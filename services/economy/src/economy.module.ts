import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import type { EconomyConfig } from './config';
import type { Economy } from './economy';
import { EconomyGrpcController } from './grpc/economy.grpc-controller';
import { Ledger } from './ledger/ledger';
import { MembersRepository } from './members/members.repository';
import { PaymentsService } from './payments/payments.service';
import { RewardsService } from './rewards/rewards.service';
import { WalletService } from './wallet/wallet.service';

/** The service's parts (wired by composeEconomy) as NestJS providers, beside the platform's. */
@Module({})
export class EconomyModule {
  static register(runtime: ServiceRuntime, config: EconomyConfig, economy: Economy): DynamicModule {
    return {
      module: EconomyModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: Ledger, useValue: economy.ledger },
        { provide: MembersRepository, useValue: economy.members },
        { provide: RewardsService, useValue: economy.rewards },
        { provide: PaymentsService, useValue: economy.payments },
        { provide: WalletService, useValue: economy.wallets },
        { provide: EconomyGrpcController, useValue: economy.controller },
      ],
      exports: [Ledger, RewardsService, PaymentsService, WalletService, EconomyGrpcController],
    };
  }
}
