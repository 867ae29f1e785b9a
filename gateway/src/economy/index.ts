import { EconomyClient } from '../clients/economy.client';
import { AdminEconomyController } from './admin-economy.controller';
import { MarketController } from './market.controller';
import { PaymentsController } from './payments.controller';
import { SpendingController } from './spending.controller';
import { StatementsController } from './statements.controller';
import { SuperAuraController } from './superaura.controller';
import { TopUpsController } from './topups.controller';
import { WalletController } from './wallet.controller';
import { AdminWithdrawalsController, WithdrawalsController } from './withdrawals.controller';

/** The economy routes of issue 7 (ADR 0005, 0006), registered by AppModule. */
export const ECONOMY_CONTROLLERS = [
  WalletController,
  StatementsController,
  SpendingController,
  PaymentsController,
  AdminEconomyController,
  MarketController,
  WithdrawalsController,
  AdminWithdrawalsController,
  TopUpsController,
  SuperAuraController,
];

export const ECONOMY_PROVIDERS = [EconomyClient];
