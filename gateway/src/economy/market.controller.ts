import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import { ApiMalformedBody } from '../common/api-docs';
import { CoinMarketResponse, HOURS_MESSAGE, PriceHistoryQuery, PriceHistoryResponse } from './market.dto';
import { toCoinMarket, toPriceHistory } from './market.mappers';

/**
 * The coin market (ADR 0006). Public: the spec calls the current price without a token and the history
 * with one; both ignore a bearer header, even an invalid one.
 */
@ApiTags('auracoin')
@Public()
@Controller('auracoin/price')
export class MarketController {
  constructor(private readonly economy: EconomyClient) {}

  @Get('current')
  @ApiOkResponse({ type: CoinMarketResponse, description: 'Every market figure, as of the latest minute' })
  async current(): Promise<CoinMarketResponse> {
    return toCoinMarket(await this.economy.getCoinMarket());
  }

  @Get('history')
  @ApiOkResponse({ type: PriceHistoryResponse, description: 'The price of the last `hours`, oldest first' })
  @ApiMalformedBody(`"${HOURS_MESSAGE}"`)
  async history(@Query() query: PriceHistoryQuery): Promise<PriceHistoryResponse> {
    return toPriceHistory(await this.economy.getPriceHistory(query.hours ?? 24));
  }
}
