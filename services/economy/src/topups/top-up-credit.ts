import { annotate, LOGGER } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import { topups, topupsMicro } from '../metrics';
import { moveIn } from '../payments/payments.service';
import { CheckoutSessionDoc, TopUpsRepository } from './topups.repository';

/** The ledger key of a session's credit: the webhook and the status poll race on it. */
export const topUpKey = (sessionId: string) => `topup:${sessionId}`;

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A paid top-up session's AuraCoins: card_topups → member, once. */
@Injectable()
export class TopUpCredit {
  constructor(
    @Inject(TopUpsRepository) private readonly store: TopUpsRepository,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Credits a paid top-up session once, whoever calls (the webhook, a status poll): the session marked
   * complete and the ledger credit in one transaction, the ledger key deciding between racing callers.
   */
  async credit(doc: CheckoutSessionDoc, paymentIntent = ''): Promise<void> {
    const account = memberAccount(doc.user_id);
    const result = await this.ledger.transaction([account], async (tx) => {
      await this.store.markComplete(doc._id, tx.session);
      if (paymentIntent) await this.store.setPaymentIntent(doc._id, paymentIntent, tx.session);
      return moveIn(tx, {
        key: topUpKey(doc._id),
        kind: 'topup',
        from: 'card_topups',
        to: account,
        amount: doc.amount_micro,
        memo: `${doc.description} for ${usd(doc.usd_cents)}`,
        meta: {
          to_name: doc.username,
          session_id: doc._id,
          package_id: doc.package_id,
          usd_cents: String(doc.usd_cents),
          user_id: doc.user_id,
        },
      });
    });
    annotate({ 'aura.member_id': doc.user_id, 'aura.amount_micro': doc.amount_micro });
    if (result.replayed) return;
    topups.add(1);
    topupsMicro.add(doc.amount_micro);
    this.logger.info(
      {
        sessionId: doc._id,
        userId: doc.user_id,
        amountMicro: doc.amount_micro,
        transferId: result.transfer.id,
      },
      'card top-up credited',
    );
  }
}
