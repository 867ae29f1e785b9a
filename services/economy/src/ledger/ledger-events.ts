import { createEvent, EventRecord } from '@aura/platform';
import { isMemberAccount, memberIdOf } from './accounts';
import { uuidFrom } from './ids';
import type { TransferDoc } from './ledger.types';

/**
 * The events of a completed transfer. Their ids derive from the transfer, so that publishing them
 * again after a crash (the recovery sweep re-writes the outbox) gives the same ids and consumers,
 * which dedupe by event id, act once.
 */
export function ledgerEvents(
  service: string,
  transfer: TransferDoc,
  completedAt = new Date(),
): EventRecord[] {
  const at = completedAt.toISOString();
  const senderId = memberIdOf(transfer.from);
  const recipientId = memberIdOf(transfer.to);
  const meta = transfer.meta ?? {};
  const events: EventRecord[] = [
    createEvent(service, 'transfer.completed', recipientId || transfer.to, {
      transferId: transfer.id,
      kind: transfer.kind,
      fromAccount: transfer.from,
      toAccount: transfer.to,
      amountMicro: transfer.amount,
      senderId,
      recipientId,
      senderUsername: meta.from_name ?? '',
      memo: transfer.memo,
      memberInitiated: transfer.kind === 'tip' || transfer.kind === 'transfer',
      completedAt: at,
    }),
  ];
  if (transfer.kind === 'tip') {
    events.push(
      createEvent(service, 'tip.sent', recipientId, {
        transferId: transfer.id,
        senderId,
        recipientId,
        amountMicro: transfer.amount,
        message: transfer.memo,
        sentAt: at,
        senderUsername: meta.from_name ?? '',
        recipientUsername: meta.to_name ?? '',
      }),
    );
  }
  if (transfer.kind === 'reward') {
    events.push(
      createEvent(service, 'reward.paid', recipientId, {
        transferId: transfer.id,
        userId: recipientId,
        reason: meta.reason ?? '',
        amountMicro: transfer.amount,
        sourceId: meta.source ?? '',
        superAuraBonus: meta.super_aura === '1',
        paidAt: at,
      }),
    );
  }
  if (transfer.kind === 'adjustment') {
    const credit = isMemberAccount(transfer.to);
    const userId = credit ? recipientId : senderId;
    events.push(
      createEvent(service, 'wallet.adjusted', userId, {
        transferId: transfer.id,
        userId,
        amountMicro: credit ? transfer.amount : -transfer.amount,
        reason: transfer.memo,
        adminId: meta.actor_id ?? '',
        adjustedAt: at,
      }),
    );
  }
  if (transfer.kind === 'topup') {
    events.push(
      createEvent(service, 'topup.completed', recipientId, {
        sessionId: meta.session_id ?? '',
        userId: recipientId,
        packageId: meta.package_id ?? '',
        amountMicro: transfer.amount,
        usdCents: Number(meta.usd_cents ?? 0),
        transferId: transfer.id,
        completedAt: at,
      }),
    );
  }
  events.push(...withdrawalEvents(service, transfer, at));
  for (const event of events) event.id = uuidFrom(`${transfer._id}:${event.type}`);
  return events;
}

/** withdrawal.requested when the hold is made, withdrawal.processed when it is paid out or released. */
function withdrawalEvents(service: string, transfer: TransferDoc, at: string): EventRecord[] {
  const meta = transfer.meta ?? {};
  const userId = meta.user_id ?? '';
  const facts = {
    withdrawalId: meta.withdrawal_id ?? '',
    userId,
    amountUsdMicro: Number(meta.amount_usd_micro ?? 0),
    amountMicro: transfer.amount,
  };
  if (transfer.kind === 'withdrawal_hold')
    return [createEvent(service, 'withdrawal.requested', userId, { ...facts, requestedAt: at })];
  if (transfer.kind !== 'withdrawal_payout' && transfer.kind !== 'withdrawal_release') return [];
  return [
    createEvent(service, 'withdrawal.processed', userId, {
      ...facts,
      status: transfer.kind === 'withdrawal_payout' ? 'approved' : 'rejected',
      adminNotes: meta.admin_notes ?? '',
      payoutReference: meta.payout_reference ?? '',
      adminId: meta.actor_id ?? '',
      processedAt: at,
    }),
  ];
}
