import { Caller, Forbidden, LOGGER, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Messages } from '../messages';
import { MAX_PRICE_MICRO, MIN_PRICE_MICRO } from '../rules/price';
import { PriceRepository } from './price.repository';

/** The bottle price: read by everyone, set by the super admin only (50-1000 AC), audited. */
@Injectable()
export class PriceService {
  constructor(
    @Inject(PriceRepository) private readonly price: PriceRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  priceMicro(): Promise<number> {
    return this.price.priceMicro();
  }

  async setPrice(caller: Caller, priceMicro: number): Promise<number> {
    if (caller.role !== 'super_admin') throw new Forbidden(Messages.priceNotAllowed);
    if (!Number.isSafeInteger(priceMicro) || priceMicro < MIN_PRICE_MICRO || priceMicro > MAX_PRICE_MICRO)
      throw new RuleViolation(Messages.price);
    await this.price.setPrice(priceMicro, caller.userId);
    this.logger.info(
      { audit: 'genies.bottle_price', actorId: caller.userId, priceMicro },
      'bottle price set',
    );
    return priceMicro;
  }
}
