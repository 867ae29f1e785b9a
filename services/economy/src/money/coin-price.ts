/**
 * The one source of the AuraCoin price in USD. Until the coin market lands it is a fixed $1.00; the
 * market's price engine will provide this interface instead (ECONOMY's only consumer of the price).
 */
export interface CoinPriceSource {
  /** micro-USD per AC (1,000,000 = $1.00). */
  currentPriceMicroUsd(): Promise<number>;
}

export const COIN_PRICE = Symbol('CoinPriceSource');

export class FixedCoinPrice implements CoinPriceSource {
  constructor(private readonly priceMicroUsd = 1_000_000) {}

  async currentPriceMicroUsd(): Promise<number> {
    return this.priceMicroUsd;
  }
}
