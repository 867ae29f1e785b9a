import { Caller, Conflict, Forbidden, LOGGER, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { memberAccount } from '../ledger/accounts';
import { sha256, uuidFrom } from '../ledger/ids';
import { Ledger } from '../ledger/ledger';
import type { TransferDoc } from '../ledger/ledger.types';
import { MembersRepository } from '../members/members.repository';
import type { CoinPriceSource } from '../money/coin-price';
import { COIN_PRICE, WITHDRAWALS_OPTIONS } from '../tokens';
import { Messages } from '../payments/messages';
import { moveIn } from '../payments/payments.service';
import { checkIdempotencyKey } from '../payments/send-rules';
import type { WithdrawalState } from '../wallet/describe';
import {
  acForUsd,
  checkDecision,
  checkStatusFilter,
  checkWithdrawal,
  usdText,
  WithdrawalInput,
  WithdrawalMessages,
} from './withdrawal-rules';
import { WithdrawalDoc, WithdrawalsRepository } from './withdrawals.repository';

const ADMIN_ROLES = new Set(['admin', 'super_admin']);
const DEFAULT_LIST = 100;
const MAX_LIST = 500;

export interface WithdrawalView {
  id: string;
  userId: string;
  username: string;
  paypalEmail: string;
  amountUsdMicro: number;
  amountMicro: number;
  coinPriceMicroUsd: number;
  status: string;
  adminNotes: string;
  createdAt: string;
  processedAt: string;
  processedBy: string;
  payoutReference: string;
  replayed: boolean;
}

export interface WithdrawalsOptions {
  /** The super admin's minimum withdrawal (src/settings); absent: $10. */
  minimumUsdMicro?: () => Promise<number>;
}

/** The ledger keys of a withdrawal's three possible transfers (wallet.service.ts reads the hold's). */
export const withdrawalKey = (id: string, step: 'hold' | 'payout' | 'release') => `wd:${id}:${step}`;

/**
 * PayPal withdrawals (spec 001 §4, §5, §9; PRODUCT-DECISIONS.md "Money"). A request holds the AC
 * equivalent of its dollars at the current coin price (member → withdrawals_held); a super admin's
 * approval moves the hold to paid_out and records a payout reference (no PayPal call), a rejection
 * gives it back. Each step is one transaction: the request's document and its transfer are stored
 * together, so a request is never pending without its hold, nor decided without its money moved.
 */
@Injectable()
export class WithdrawalsService implements OnModuleInit {
  constructor(
    /** The requests and each member's open one. */
    @Inject(WithdrawalsRepository) readonly store: WithdrawalsRepository,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(COIN_PRICE) private readonly price: CoinPriceSource,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(WITHDRAWALS_OPTIONS) private readonly options: WithdrawalsOptions = {},
  ) {}

  /** Its indexes, once the ledger's collections are there (the order economy.init() had). */
  async onModuleInit(): Promise<void> {
    await this.ledger.ready();
    await this.ensureIndexes();
  }

  ensureIndexes(): Promise<void> {
    return this.store.ensureIndexes();
  }

  // ---- a member's request -----------------------------------------------------------------------

  async request(caller: Caller, input: WithdrawalInput, idempotencyKey?: string): Promise<WithdrawalView> {
    checkIdempotencyKey(idempotencyKey);
    const paypalEmail = checkWithdrawal(input, await this.options.minimumUsdMicro?.());
    const userId = caller.userId;
    const id = idempotencyKey ? uuidFrom(`withdrawal:${userId}:${sha256(idempotencyKey)}`) : randomUUID();
    const fingerprint = sha256(JSON.stringify([userId, input.amountUsdMicro, paypalEmail]));
    const replay = (earlier: WithdrawalDoc) => {
      if (earlier.fingerprint !== fingerprint) throw new Conflict(Messages.keyReused);
      return toView(earlier, true);
    };
    const earlier = idempotencyKey ? await this.store.find(id) : null;
    if (earlier) return replay(earlier);
    const priceMicroUsd = await this.price.currentPriceMicroUsd();
    const member = await this.members.find(userId);
    const doc: WithdrawalDoc = {
      _id: id,
      user_id: userId,
      username: member?.username ?? '',
      paypal_email: paypalEmail,
      amount_usd_micro: input.amountUsdMicro,
      amount_micro: acForUsd(input.amountUsdMicro, priceMicroUsd),
      price_micro_usd: priceMicroUsd,
      fingerprint,
      status: 'pending',
      admin_notes: '',
      processed_at: null,
      processed_by: '',
      payout_reference: '',
      created_at: new Date(),
    };
    const stored = await this.ledger.transaction([memberAccount(userId)], async (tx) => {
      const session = tx.session;
      const again = await this.store.find(id, session);
      if (again) return again;
      // One pending request per member: of concurrent requests, one stores its slot first and the
      // others conflict, run again and find it.
      if (await this.store.hasOpen(userId, session)) throw new RuleViolation(WithdrawalMessages.onePending);
      await this.store.insertPending(doc, session);
      const hold = await moveIn(tx, {
        key: withdrawalKey(id, 'hold'),
        kind: 'withdrawal_hold',
        from: memberAccount(userId),
        to: 'withdrawals_held',
        amount: doc.amount_micro,
        memo: holdMemo(doc),
        meta: { ...withdrawalMeta(doc), from_name: doc.username },
      });
      // Short: nothing of the request is stored (the transaction is aborted).
      if (hold.status === 'rejected')
        throw new RuleViolation(
          hold.rejection === 'not_withdrawable'
            ? WithdrawalMessages.notWithdrawable
            : WithdrawalMessages.insufficient,
        );
      return doc;
    });
    if (stored !== doc) return replay(stored);
    this.logger.info(
      { withdrawalId: id, userId, amountUsdMicro: doc.amount_usd_micro, amountMicro: doc.amount_micro },
      'withdrawal requested; its AC are held',
    );
    return toView(doc);
  }

  // ---- a super admin's decision -----------------------------------------------------------------

  async process(
    caller: Caller,
    input: { withdrawalId: string; action: string; adminNotes: string },
  ): Promise<WithdrawalView> {
    if (caller.role !== 'super_admin') throw new Forbidden(Messages.notAllowed);
    const { action, notes } = checkDecision(input.action, input.adminNotes);
    const doc = await this.store.find(input.withdrawalId);
    if (!doc) throw new NotFound(WithdrawalMessages.notFound);
    // No one cashes out alone: a super admin's own request is decided by another.
    if (doc.user_id === caller.userId) throw new Forbidden(WithdrawalMessages.ownRequest);
    const approve = action === 'approve';
    const decidedAt = new Date();
    const decision = {
      status: approve ? ('approved' as const) : ('rejected' as const),
      admin_notes: notes,
      processed_at: decidedAt,
      processed_by: caller.userId,
      payout_reference: approve ? payoutReference(doc._id) : '',
    };
    const decided = await this.ledger.transaction([memberAccount(doc.user_id)], async (tx) => {
      const session = tx.session;
      // Of concurrent decisions, the first to commit wins; the others find it no longer pending.
      const updated = await this.store.decide(doc, decision, session);
      if (!updated) throw new RuleViolation(WithdrawalMessages.notPending);
      const meta = {
        ...withdrawalMeta(doc),
        actor_id: caller.userId,
        admin_notes: notes,
        payout_reference: decision.payout_reference,
      };
      const moved = await moveIn(tx, {
        key: withdrawalKey(doc._id, approve ? 'payout' : 'release'),
        kind: approve ? 'withdrawal_payout' : 'withdrawal_release',
        from: 'withdrawals_held',
        to: approve ? 'paid_out' : memberAccount(doc.user_id),
        amount: doc.amount_micro,
        memo: approve ? holdMemo(doc) : notes,
        meta: approve ? meta : { ...meta, to_name: doc.username },
      });
      await this.ledger.store.insertAudit(
        {
          _id: `wd:${doc._id}:decision`,
          action: `withdrawal.${action}`,
          actor_id: caller.userId,
          target: memberAccount(doc.user_id),
          amount: doc.amount_micro,
          reason: notes,
          transfer_id: moved.transfer.id,
          created_at: decidedAt,
        },
        session,
      );
      return updated;
    });
    this.logger.info(
      {
        audit: `withdrawal.${action}`,
        actorId: caller.userId,
        withdrawalId: doc._id,
        userId: doc.user_id,
        amountUsdMicro: doc.amount_usd_micro,
        amountMicro: doc.amount_micro,
        adminNotes: notes,
        payoutReference: decision.payout_reference,
      },
      approve ? 'a super admin approved a withdrawal' : 'a super admin rejected a withdrawal',
    );
    return toView(decided);
  }

  // ---- reads ------------------------------------------------------------------------------------

  /** The caller's own requests, newest first. */
  async listMine(caller: Caller): Promise<WithdrawalView[]> {
    const docs = await this.store.list({ user_id: caller.userId }, MAX_LIST);
    return docs.map((doc) => toView(doc));
  }

  /** Admins: every request (or those of one status), newest first. */
  async listAll(caller: Caller, request: { status: string; limit: number }): Promise<WithdrawalView[]> {
    if (!ADMIN_ROLES.has(caller.role)) throw new Forbidden(Messages.notAllowed);
    const status = checkStatusFilter(request.status);
    const limit = request.limit > 0 ? Math.min(request.limit, MAX_LIST) : DEFAULT_LIST;
    const docs = await this.store.list(status ? { status } : {}, limit);
    return docs.map((doc) => toView(doc));
  }

  /** Where the withdrawals of these ids stand (for the descriptions of their holds in histories). */
  async statesOf(ids: string[]): Promise<Map<string, WithdrawalState>> {
    const docs = await this.store.statuses([...new Set(ids)]);
    return new Map(docs.map((doc) => [doc._id, doc.status as WithdrawalState]));
  }
}

/** The facts a withdrawal's transfers carry for their events. */
function withdrawalMeta(doc: WithdrawalDoc): TransferDoc['meta'] {
  return { withdrawal_id: doc._id, user_id: doc.user_id, amount_usd_micro: String(doc.amount_usd_micro) };
}

/** The memo of a hold (shown in the member's history): "$25.00 to PayPal (me@example.com)". */
const holdMemo = (doc: WithdrawalDoc) => `${usdText(doc.amount_usd_micro)} to PayPal (${doc.paypal_email})`;

/** The payout reference recorded at approval (derived from the id: every driver records the same). */
const payoutReference = (id: string) => `AURA-PO-${sha256(`payout:${id}`).slice(0, 12).toUpperCase()}`;

function toView(doc: WithdrawalDoc, replayed = false): WithdrawalView {
  return {
    id: doc._id,
    userId: doc.user_id,
    username: doc.username,
    paypalEmail: doc.paypal_email,
    amountUsdMicro: doc.amount_usd_micro,
    amountMicro: doc.amount_micro,
    coinPriceMicroUsd: doc.price_micro_usd,
    status: doc.status,
    adminNotes: doc.admin_notes,
    createdAt: doc.created_at.toISOString(),
    processedAt: doc.processed_at ? doc.processed_at.toISOString() : '',
    processedBy: doc.processed_by,
    payoutReference: doc.payout_reference,
    replayed,
  };
}
