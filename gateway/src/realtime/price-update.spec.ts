import { toPriceUpdate } from './price-update';

describe('auracoin_price_update payload', () => {
  it('reads micro-USD or plain numbers and shows 3 decimals', () => {
    expect(
      toPriceUpdate({
        currentPriceMicroUsd: 1_002_345,
        priceChange24h: 0.12345,
        priceChange7d: -1.5,
        marketCapMicroUsd: 123_456_789_000,
      }),
    ).toEqual({
      current_price: 1.002,
      price_change_24h: 0.123,
      price_change_7d: -1.5,
      market_cap: 123456.789,
    });
    expect(toPriceUpdate({ currentPrice: 1.5, marketCap: 10 })).toEqual({
      current_price: 1.5,
      price_change_24h: 0,
      price_change_7d: 0,
      market_cap: 10,
    });
  });
});
