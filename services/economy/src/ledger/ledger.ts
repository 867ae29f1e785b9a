import { EventRecord, toStoredOutbox } from '@aura/platform';
import type { Redis } from '@aura/platform';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isAccount, isMemberAccount } from './accounts';
import { AccountHeads } from './account-heads';
import { sha256, uuidFrom } from './ids';
import { ledgerEvents } from './ledger-events';
import { sweepStale } from './ledger-maintenance';
import { insertOnce, LedgerStore, PendingDoc } from './ledger.store';
import {
  EntryDoc,
  Head,
  IdempotencyConflict,
  isEarning,
  LegResult,
  Side,
  TransferDoc,
  TransferRequest,
  TransferResult,
  TransferInProgress,
} from './ledger.types';

/** Who the ledger tells about events it stored (the ledger relay), and the producer name. */
export interface OutboxHost {
  readonly service: string;
  eventsStored(records: EventRecord[]): void;
}

export interface LedgerOptions {
  /** Pending transfers older than this are the recovery sweep's (live calls finish long before). */
  recoverAfterMs?: number;
  lockTtlMs?: number;
  lockWaitMs?: number;
}

const MAX_APPEND_ATTEMPTS = 25;
/** How long a call waits for another call with the same key before answering "in progress". */
const IN_FLIGHT_WAIT_MS = 5000;
const ENTRY_SEQ_DIGITS = 10;

export const entryId = (account: string, seq: number) =>
  `${account}:${String(seq).padStart(ENTRY_SEQ_DIGITS, '0')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The double-entry ledger (docs/adr/0005-ledger.md). A transfer moves `amount` from one account to
 * another in steps that are each one insert or one delete, so that it needs no multi-document
 * transaction and a crash between two steps is finished by the recovery sweep:
 *
 *   1. begin   insert pending_transfers/{key} (the sweep's work list), then transfers/{key}
 *              (the idempotency record; a second call with the key finds it);
 *   2. debit   the leg "<key>:debit" on the source: for a member, link seq+1 of their chain with the
 *              balance after (or a rejection link when the balance is short); for a system account,
 *              one entry;
 *   3. credit  the leg "<key>:credit" on the destination, the same way (never rejected);
 *   4. finish  the events into the outbox (insert-once by key), the audit record of an adjustment,
 *              then delete pending_transfers/{key}.
 *
 * Between 2 and 3 the amount is in the in_transit account, so the sum of every balance is zero at
 * every moment. Each step is idempotent (unique keys), so the live call, a retried call with the same
 * key and the sweep may all drive one transfer at once and it still moves money once.
 */
export class Ledger {
  readonly store: LedgerStore;
  heads!: AccountHeads;
  private epoch = '';
  /** When this ledger (its database) was created. */
  createdAt = new Date(0);

  constructor(
    connection: Connection,
    private readonly redis: Redis | undefined,
    private readonly host: OutboxHost,
    private readonly logger: Logger,
    private readonly options: LedgerOptions = {},
  ) {
    this.store = new LedgerStore(connection);
  }

  get recoverAfterMs(): number {
    return this.options.recoverAfterMs ?? 10_000;
  }

  /** Indexes, and the epoch that scopes the Redis hints to this database. */
  async init(): Promise<void> {
    await this.store.ensureIndexes();
    await insertOnce(this.store.meta, { _id: 'epoch', value: randomUUID(), created_at: new Date() });
    const epoch = await this.store.meta.findOne({ _id: 'epoch' });
    if (!epoch) throw new Error('ledger epoch missing');
    this.epoch = epoch.value;
    this.createdAt = epoch.created_at ?? new Date(0);
    const db = this.store.connection.db?.databaseName ?? 'economy';
    this.heads = new AccountHeads(this.redis, this.store.entries, this.logger, {
      prefix: `aura:economy:${db}:${this.epoch}`,
      lockTtlMs: this.options.lockTtlMs,
      lockWaitMs: this.options.lockWaitMs,
    });
  }

  // ---- the whole transfer -----------------------------------------------------------------------

  /**
   * Moves money once per key. Answers the outcome (completed, or rejected for a short balance);
   * the same key again answers the same outcome with replayed = true. Throws IdempotencyConflict
   * when the key was used for other facts.
   */
  async transfer(request: TransferRequest): Promise<TransferResult> {
    const doc = this.buildTransfer(request);
    for (let attempt = 0; ; attempt += 1) {
      if (await insertOnce(this.store.pending, doc)) return this.drive(doc);
      // Another call with this key holds the marker: wait for it rather than race it.
      const other = await this.awaitOther(doc._id);
      if (other.state === 'finished') {
        this.checkFingerprint(other.transfer, doc);
        return this.complete(other.transfer, { writeEvents: false, recovering: false, replayed: true });
      }
      if (other.state === 'stale') {
        // The other call died (it would have finished long ago): recover it, as the sweep would.
        const transfer = await this.record(other.pending);
        this.checkFingerprint(transfer, doc);
        return this.complete(transfer, { replayed: true });
      }
      // The marker went away without a record (a refused reuse of the key): try ours again.
      if (attempt >= 3) throw new TransferInProgress(doc._id);
    }
  }

  /** With our pending marker in: record the transfer (or find it recorded) and drive it. */
  private async drive(doc: TransferDoc): Promise<TransferResult> {
    const inserted = await insertOnce(this.store.transfers, doc);
    const transfer = inserted ? doc : await this.readTransfer(doc._id);
    if (transfer.fingerprint !== doc.fingerprint) {
      await this.store.pending.deleteOne({ _id: doc._id, fingerprint: doc.fingerprint });
      throw new IdempotencyConflict(doc._id);
    }
    // Our marker went in but the record existed: the transfer had finished before (the marker is
    // deleted last), events included — unless it is our own record, copied by a concurrent caller.
    const ours = inserted || transfer.created_at.getTime() === doc.created_at.getTime();
    return this.complete(transfer, {
      fresh: inserted,
      writeEvents: ours,
      recovering: false,
      replayed: !ours,
    });
  }

  private checkFingerprint(transfer: TransferDoc, doc: TransferDoc): void {
    if (transfer.fingerprint !== doc.fingerprint) throw new IdempotencyConflict(doc._id);
  }

  /**
   * Waits (up to IN_FLIGHT_WAIT_MS) for the call that holds a key's pending marker: `finished` with
   * its record, `stale` when the marker is older than the recovery delay (its call died), `gone`
   * when the marker vanished without a record. Throws TransferInProgress when it is still running.
   */
  private async awaitOther(
    key: string,
  ): Promise<
    { state: 'finished'; transfer: TransferDoc } | { state: 'stale'; pending: PendingDoc } | { state: 'gone' }
  > {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const pending = await this.store.pending.findOne({ _id: key });
      if (!pending) {
        const transfer = await this.store.transfers.findOne({ _id: key });
        return transfer ? { state: 'finished', transfer } : { state: 'gone' };
      }
      if (Date.now() - pending.created_at.getTime() > this.recoverAfterMs) return { state: 'stale', pending };
      if (Date.now() > deadline) throw new TransferInProgress(key);
      await sleep(100);
    }
  }

  /** The transfer record of a pending marker (inserting it from the marker when it is missing). */
  private async record(pending: PendingDoc): Promise<TransferDoc> {
    return (await insertOnce(this.store.transfers, pending)) ? pending : this.readTransfer(pending._id);
  }

  // ---- the steps (public so that tests can stop between them, as a crash would) -----------------

  buildTransfer(request: TransferRequest): TransferDoc {
    const { key, kind, from, to, amount } = request;
    if (!key || key.length > 400) throw new Error('a transfer needs a key of at most 400 characters');
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`invalid amount ${amount}`);
    if (!isAccount(from) || !isAccount(to) || from === to)
      throw new Error(`invalid accounts ${from} → ${to}`);
    const memo = request.memo ?? '';
    return {
      _id: key,
      id: uuidFrom(`transfer:${key}`),
      kind,
      from,
      to,
      amount,
      memo,
      meta: { ...(request.meta ?? {}) },
      fingerprint: sha256(JSON.stringify([kind, from, to, amount, memo])),
      created_at: new Date(),
    };
  }

  /** Step 1: the pending marker, then the transfer record. True when both were inserted now. */
  async begin(doc: TransferDoc): Promise<boolean> {
    const pending = await insertOnce(this.store.pending, doc);
    const transfer = await insertOnce(this.store.transfers, doc);
    return pending && transfer;
  }

  /** Steps 2 and 3: one leg, idempotent (a leg already posted is answered as it was). */
  async postLeg(transfer: TransferDoc, side: Side): Promise<LegResult> {
    const account = side === 'debit' ? transfer.from : transfer.to;
    if (!isMemberAccount(account)) return this.postSystemLeg(transfer, side, account);
    return this.heads.withLock(account, () => this.appendToChain(transfer, side, account));
  }

  /** Step 4. */
  async finish(transfer: TransferDoc, status: TransferResult['status'], writeEvents = true): Promise<void> {
    if (status === 'completed') {
      if (writeEvents) {
        const events = ledgerEvents(this.host.service, transfer);
        const stored = await insertOnce(this.store.outbox, {
          _id: transfer._id,
          created_at: new Date(),
          _outbox: toStoredOutbox(events),
        });
        if (stored) this.host.eventsStored(events);
      }
      if (transfer.kind === 'adjustment') {
        await insertOnce(this.store.audit, {
          _id: transfer._id,
          action: 'wallet.adjust',
          actor_id: transfer.meta.actor_id ?? '',
          target: isMemberAccount(transfer.to) ? transfer.to : transfer.from,
          amount: isMemberAccount(transfer.to) ? transfer.amount : -transfer.amount,
          reason: transfer.memo,
          transfer_id: transfer.id,
          created_at: transfer.created_at,
        });
      }
    }
    await this.store.pending.deleteOne({ _id: transfer._id });
  }

  /** Drives a begun transfer to its end from wherever it stopped. */
  async complete(
    transfer: TransferDoc,
    options: { fresh?: boolean; writeEvents?: boolean; recovering?: boolean; replayed?: boolean } = {},
  ): Promise<TransferResult> {
    const { fresh = false, writeEvents = true, recovering = true } = options;
    const replayed = options.replayed ?? !fresh;
    const posted = fresh ? {} : await this.findLegs(transfer._id);
    const debit = posted.debit ?? (await this.postLeg(transfer, 'debit'));
    if (debit.rejected) {
      await this.finish(transfer, 'rejected', false);
      return { status: 'rejected', transfer, debit, replayed };
    }
    const credit = posted.credit ?? (await this.postLeg(transfer, 'credit'));
    await this.finish(transfer, 'completed', writeEvents);
    // A process that died right after inserting a link left its Redis hint behind; bring it forward.
    if (recovering)
      for (const account of [transfer.from, transfer.to])
        if (isMemberAccount(account)) await this.heads.refresh(account);
    return { status: 'completed', transfer, debit, credit, replayed };
  }

  /** The recovery sweep: finishes every transfer begun more than `olderThanMs` ago. */
  sweep(olderThanMs = this.recoverAfterMs, limit = 200): Promise<number> {
    const options = { olderThanMs, limit, what: 'transfer', logger: this.logger };
    return sweepStale(this.store.pending, options, (pending) => this.recover(pending));
  }

  private async recover(pending: PendingDoc): Promise<void> {
    const transfer = await this.record(pending);
    if (transfer.fingerprint !== pending.fingerprint) {
      // The marker of a refused reuse of the key (the caller died before removing it).
      await this.store.pending.deleteOne({ _id: pending._id, fingerprint: pending.fingerprint });
      return;
    }
    await this.complete(transfer, { fresh: false, writeEvents: true, recovering: true });
  }

  // ---- reads ------------------------------------------------------------------------------------

  /** A member account's balance and total earned (from the head hint, MongoDB when there is none). */
  balance(account: string): Promise<Head> {
    return this.heads.get(account);
  }

  /** A member's visible history, newest first: links with seq below `beforeSeq` (rejections hidden). */
  async history(account: string, limit: number, beforeSeq?: number): Promise<EntryDoc[]> {
    const filter: Record<string, unknown> = { account, rejected: { $ne: true } };
    if (beforeSeq !== undefined) filter.seq = { $lt: beforeSeq };
    return this.store.entries.find(filter).sort({ seq: -1 }).limit(limit).toArray();
  }

  async findTransfer(key: string): Promise<TransferDoc | null> {
    return this.store.transfers.findOne({ _id: key });
  }

  async findLegs(key: string): Promise<{ debit?: LegResult; credit?: LegResult }> {
    const [debit, credit] = await Promise.all([
      this.store.entries.findOne({ leg: `${key}:debit` }),
      this.store.entries.findOne({ leg: `${key}:credit` }),
    ]);
    return { debit: debit ? legOf(debit) : undefined, credit: credit ? legOf(credit) : undefined };
  }

  // ---- internals --------------------------------------------------------------------------------

  private async readTransfer(key: string): Promise<TransferDoc> {
    const transfer = await this.store.transfers.findOne({ _id: key });
    if (!transfer) throw new Error(`transfer ${key} missing after a duplicate insert`);
    return transfer;
  }

  private async postSystemLeg(transfer: TransferDoc, side: Side, account: string): Promise<LegResult> {
    const entry = this.entryFor(transfer, side, account, undefined);
    await insertOnce(this.store.entries, entry); // a repeat finds its own deterministic _id
    return { entryId: entry._id, rejected: false };
  }

  private async appendToChain(transfer: TransferDoc, side: Side, account: string): Promise<LegResult> {
    const leg = `${transfer._id}:${side}`;
    let head = await this.heads.forAppend(account);
    let skips = 0;
    for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt += 1) {
      const entry = this.entryFor(transfer, side, account, head);
      if (await insertOnce(this.store.entries, entry)) {
        await this.heads.advance(account, {
          seq: entry.seq!,
          balance: entry.balance_after!,
          earned: entry.earned_after!,
        });
        return legOf(entry);
      }
      // Link seq+1 was taken (the hint was behind), or this leg exists already (a retry, the sweep).
      const hinted = await this.heads.forAppend(account);
      if (hinted.seq > head.seq && skips < 3) {
        skips += 1;
        head = hinted;
        continue;
      }
      const existing = await this.store.entries.findOne({ leg });
      if (existing) return legOf(existing);
      skips = 0;
      head = await this.heads.refresh(account);
    }
    throw new Error(`could not append to ${account} after ${MAX_APPEND_ATTEMPTS} attempts`);
  }

  /** The entry of one leg; for a member account, link seq+1 after `head`. */
  private entryFor(transfer: TransferDoc, side: Side, account: string, head: Head | undefined): EntryDoc {
    const debit = side === 'debit';
    const meta = transfer.meta ?? {};
    const base = {
      account,
      leg: `${transfer._id}:${side}`,
      transfer_key: transfer._id,
      transfer_id: transfer.id,
      kind: transfer.kind,
      side,
      counterparty: debit ? transfer.to : transfer.from,
      counterparty_name: (debit ? meta.to_name : meta.from_name) ?? '',
      memo: transfer.memo,
      reason: meta.reason ?? '',
      created_at: new Date(),
    };
    if (!head)
      return {
        _id: `sys:${transfer._id}:${side}`,
        ...base,
        delta: debit ? -transfer.amount : transfer.amount,
      };
    const seq = head.seq + 1;
    if (debit && head.balance < transfer.amount)
      return {
        _id: entryId(account, seq),
        ...base,
        seq,
        delta: 0,
        balance_after: head.balance,
        earned_after: head.earned,
        rejected: true,
      };
    const delta = debit ? -transfer.amount : transfer.amount;
    const balanceAfter = head.balance + delta;
    if (!Number.isSafeInteger(balanceAfter)) throw new Error(`balance of ${account} out of range`);
    return {
      _id: entryId(account, seq),
      ...base,
      seq,
      delta,
      balance_after: balanceAfter,
      earned_after: head.earned + (isEarning(transfer.kind, side) ? transfer.amount : 0),
    };
  }
}

function legOf(entry: EntryDoc): LegResult {
  return { entryId: entry._id, rejected: entry.rejected === true, balanceAfter: entry.balance_after };
}
