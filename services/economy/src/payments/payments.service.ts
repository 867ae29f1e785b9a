import { annotate, Caller, Conflict, Forbidden, LOGGER, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { memberAccount } from '../ledger/accounts';
import { sha256 } from '../ledger/ids';
import { Ledger, type LedgerTransaction } from '../ledger/ledger';
import { IdempotencyConflict, TransferRequest, TransferResult } from '../ledger/ledger.types';
import { MembersRepository } from '../members/members.repository';
import { type SpendCheck, SpendingService } from '../spending/spending.service';
import { tips, tipsMicro, transfers } from '../metrics';
import { Messages } from './messages';
import { checkAdjust, checkIdempotencyKey, checkSend, SendInput } from './send-rules';

export interface Receipt {
  transferId: string;
  amountMicro: number;
  currency: string;
  recipientId: string;
  recipientUsername: string;
  balanceAfterMicro: number;
  createdAt: string;
  replayed: boolean;
}

/**
 * The ledger key of a member's request: scoped to the caller, so that one member's Idempotency-Key
 * can never replay (or block) another's. Without a key every request is new.
 */
export function requestKey(prefix: string, callerId: string, idempotencyKey?: string): string {
  return idempotencyKey
    ? `${prefix}:${callerId}:${sha256(idempotencyKey).slice(0, 40)}`
    : `${prefix}:${callerId}:${randomUUID()}`;
}

/** Tips, transfers and admin adjustments: the rules, then one ledger transfer. */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(SpendingService) private readonly spending: SpendingService,
    @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** Send Energy (kind tip) or Send AuraCoins (kind transfer) from the caller to another member. */
  async send(
    kind: 'tip' | 'transfer',
    caller: Caller,
    input: SendInput,
    idempotencyKey?: string,
  ): Promise<Receipt> {
    checkIdempotencyKey(idempotencyKey);
    checkSend(caller.userId, input);
    // The reads before the transaction are independent: made together. The spending check (daily limit
    // and pause, docs/spending.md, checked again in the transfer's transaction) may need identity; its
    // failure is reported only after the recipient's own refusals, which must not depend on identity.
    const recipientId = input.recipientId.trim();
    const preparing = this.spending.prepare({
      userId: caller.userId,
      amountMicro: input.amountMicro,
      verb: 'send',
      confirmPause: input.confirmPause === true,
    });
    preparing.catch(() => undefined); // awaited below, or moot when a read below fails first
    const [recipient, blocked, sender] = await Promise.all([
      this.members.find(recipientId),
      this.members.blockedEitherWay(caller.userId, recipientId),
      this.members.find(caller.userId),
    ]);
    if (!recipient) throw new NotFound(Messages.userNotFound);
    if (blocked) throw new RuleViolation(Messages.blocked);
    const check = await preparing;
    const request: TransferRequest = {
      key: requestKey('m', caller.userId, idempotencyKey),
      kind,
      from: memberAccount(caller.userId),
      to: memberAccount(recipient.id),
      amount: input.amountMicro,
      memo: (input.message ?? '').trim(),
      meta: { from_name: sender?.username ?? '', to_name: recipient.username },
    };
    const result = await moveChecked(this.ledger, request, check);
    if (result.status === 'rejected') throw new RuleViolation(Messages.insufficient);
    annotate({
      'aura.member_id': caller.userId,
      'aura.recipient_id': recipient.id,
      'aura.amount_micro': result.transfer.amount,
    });
    if (!result.replayed) {
      if (kind === 'tip') {
        tips.add(1);
        tipsMicro.add(result.transfer.amount);
      } else transfers.add(1);
    }
    return {
      transferId: result.transfer.id,
      amountMicro: result.transfer.amount,
      currency: 'AC',
      recipientId: recipient.id,
      recipientUsername: result.transfer.meta.to_name ?? recipient.username,
      balanceAfterMicro: result.debit?.balanceAfter ?? 0,
      createdAt: result.transfer.created_at.toISOString(),
      replayed: result.replayed,
    };
  }

  /** Super admin only: credit (> 0) or debit (< 0, never below zero) against the adjustments account. */
  async adjust(
    caller: Caller,
    input: { userId: string; amountMicro: number; reason: string },
    idempotencyKey?: string,
  ): Promise<Receipt> {
    if (caller.role !== 'super_admin') throw new Forbidden(Messages.notAllowed);
    checkIdempotencyKey(idempotencyKey);
    checkAdjust(input);
    const member = await this.members.find(input.userId.trim());
    if (!member) throw new NotFound(Messages.userNotFound);
    // No one mints for themselves (docs/money-rules.md); what an admin credits is never withdrawable.
    if (member.id === caller.userId) throw new Forbidden(Messages.ownWallet);
    const credit = input.amountMicro > 0;
    const account = memberAccount(member.id);
    const result = await this.move({
      key: requestKey('adj', caller.userId, idempotencyKey),
      kind: 'adjustment',
      from: credit ? 'adjustments' : account,
      to: credit ? account : 'adjustments',
      amount: Math.abs(input.amountMicro),
      memo: input.reason.trim(),
      meta: {
        actor_id: caller.userId,
        from_name: credit ? '' : member.username,
        to_name: credit ? member.username : '',
      },
    });
    if (result.status === 'rejected') throw new RuleViolation(Messages.insufficient);
    // The stored audit record is written by the ledger with the transfer (audit_log); this is the log's.
    if (!result.replayed)
      this.logger?.info(
        {
          audit: 'wallet.adjust',
          actorId: caller.userId,
          userId: member.id,
          amountMicro: input.amountMicro,
          reason: result.transfer.memo,
          transferId: result.transfer.id,
        },
        'a super admin adjusted a wallet',
      );
    const leg = credit ? result.credit : result.debit;
    return {
      transferId: result.transfer.id,
      amountMicro: result.transfer.amount,
      currency: 'AC',
      recipientId: member.id,
      recipientUsername: member.username,
      balanceAfterMicro: leg?.balanceAfter ?? 0,
      createdAt: result.transfer.created_at.toISOString(),
      replayed: result.replayed,
    };
  }

  private move(request: TransferRequest): Promise<TransferResult> {
    return moveMoney(this.ledger, request);
  }
}

/** One ledger transfer, with the ledger's refusal of a reused key as the error a caller sees (409). */
export function moveMoney(ledger: Ledger, request: TransferRequest): Promise<TransferResult> {
  return asCallerErrors(() => ledger.transfer(request));
}

/** One ledger transfer within the member's spending settings: the check runs in its transaction. */
export function moveChecked(
  ledger: Ledger,
  request: TransferRequest,
  check: SpendCheck,
): Promise<TransferResult> {
  return ledger.transaction([request.from, request.to], async (tx) => {
    await check.inside(tx, request.key);
    return moveIn(tx, request);
  });
}

/** The same, inside a ledger transaction that writes other documents too. */
export function moveIn(tx: LedgerTransaction, request: TransferRequest): Promise<TransferResult> {
  return asCallerErrors(() => tx.post(request));
}

async function asCallerErrors<T>(move: () => Promise<T>): Promise<T> {
  try {
    return await move();
  } catch (error) {
    if (error instanceof IdempotencyConflict) throw new Conflict(Messages.keyReused);
    throw error;
  }
}
