import {
  callSignal,
  EventRecord,
  isDuplicateKeyError,
  KeyedMutex,
  LOGGER,
  RUNTIME,
  toStoredOutbox,
  Unavailable,
  type ServiceRuntime,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { isAccount, isMemberAccount } from './accounts';
import { sha256, uuidFrom } from './ids';
import { ledgerEvents } from './ledger-events';
import { afterCredit, afterDebit, DebitRefusal } from './withdrawable';
import { LedgerRepository, type LedgerSession } from './ledger.repository';
import {
  AccountDoc,
  Balance,
  EntryDoc,
  IdempotencyConflict,
  isEarning,
  LegResult,
  Side,
  TransferDoc,
  TransferKind,
  TransferRequest,
  TransferResult,
} from './ledger.types';

/** The events one outbox document of a transaction holds, under its `_id` (the transfer's key). */
interface StoredEvents {
  key: string;
  events: EventRecord[];
}

/** Moves money inside a transaction that may write other documents too (a withdrawal, a purchase). */
export interface LedgerTransaction {
  readonly session: LedgerSession;
  /**
   * One transfer, once per key: completed, or rejected for a short balance (the rejection is written
   * too, so the key answers it again — unless the caller aborts the transaction). A key used before
   * answers its first outcome with `replayed`; a key used for other facts throws IdempotencyConflict.
   */
  post(request: TransferRequest): Promise<TransferResult>;
  /**
   * Transfers from a system account to member accounts (rewards), each once per key: what `post`
   * does for each in turn, with the reads and writes of all of them made together. A key used for
   * other facts throws IdempotencyConflict.
   */
  postCredits(requests: TransferRequest[]): Promise<TransferResult[]>;
  /** The transfer of a key, as this transaction sees it. */
  transferOf(key: string): Promise<TransferDoc | null>;
  /** The transfers of these keys that exist, as this transaction sees them. */
  transfersOf(keys: string[]): Promise<Map<string, TransferDoc>>;
  /** Stores events in the ledger's outbox under `key` (once), published after the commit. */
  storeEvents(key: string, events: EventRecord[]): Promise<void>;
}

const ENTRY_SEQ_DIGITS = 10;
/** How far apart the clocks of two economy instances may be (spentSince reads this much further back). */
const CLOCK_SKEW_MS = 5 * 60_000;
/** A call whose caller gave up while it waited for the account locks (it is not run). */
const CALLER_GONE = 'The request was given up before it could start. Please try again.';
/** How often a transaction that lost a race to a concurrent insert of the same key runs again. */
const DUPLICATE_KEY_RETRIES = 3;

export const entryId = (account: string, seq: number) =>
  `${account}:${String(seq).padStart(ENTRY_SEQ_DIGITS, '0')}`;

/**
 * The double-entry ledger (docs/adr/0005-ledger.md). A transfer is one multi-document transaction:
 * the transfer record (its key is the idempotency key), the debit of the source member's account
 * (checked against its balance — and, for a withdrawal, its withdrawable part — as the transaction
 * reads it from the database, never a cache), the credit, the two entries, the outbox of its events
 * and, for an adjustment, the audit record. All of it is committed together or not at all, so the sum of every balance is zero at every
 * moment and a crash, at any point, leaves nothing half-done.
 *
 * Transactions that write the same member account conflict, and the loser is run again from the
 * start. Under a burst on one account (a popular member's tips) that retry storm would cost far more
 * than waiting, so this process runs the transactions of one account one after another. The lock is
 * only about throughput: correctness rests on the transaction (another instance's transfers on the
 * same account conflict and retry).
 */
@Injectable()
export class Ledger implements OnModuleInit {
  /** When this ledger (its database) was created. */
  createdAt = new Date(0);
  private readonly accountLocks = new KeyedMutex();
  private initialized?: Promise<void>;

  constructor(
    /** The ledger's collections: every read and write of this class goes through them. */
    @Inject(LedgerRepository) readonly store: LedgerRepository,
    /** The producer name of the ledger's events, and the outbox relay that publishes them. */
    @Inject(RUNTIME)
    private readonly host: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // The runtime's relay publishes the ledger's outbox and deletes each document it published.
    host.registerOutbox(store.outboxModel);
  }

  /** The ledger's collections and its creation time, before the other parts' indexes (ready()). */
  onModuleInit(): Promise<void> {
    return this.ready();
  }

  /** Resolves once init() has run in this process (the first call runs it). */
  ready(): Promise<void> {
    return (this.initialized ??= this.init());
  }

  async init(): Promise<void> {
    await this.store.ensureCollections();
    this.createdAt = (await this.store.created()) ?? new Date(0);
  }

  /** Moves money once per key (see LedgerTransaction.post). */
  transfer(request: TransferRequest): Promise<TransferResult> {
    return this.transaction([request.from, request.to], (tx) => tx.post(request));
  }

  /**
   * Runs `work` in one transaction over the given accounts (the member accounts it will change; other
   * names are ignored) and commits it. `work` may run more than once (a conflict with a concurrent
   * transaction, or an insert that lost to a concurrent one with the same key): it must only write
   * through the session, and read what decides its outcome inside it.
   */
  async transaction<T>(accounts: string[], work: (tx: LedgerTransaction) => Promise<T>): Promise<T> {
    const members = [...new Set(accounts.filter(isMemberAccount))].sort();
    return this.holding(members, async () => {
      for (let attempt = 0; ; attempt += 1) {
        const stored: StoredEvents[] = [];
        try {
          const result = await this.store.inTransaction((session) => {
            stored.length = 0;
            return work({
              session,
              post: (request) => this.post(session, request, stored),
              postCredits: (requests) => this.postCredits(session, requests, stored),
              storeEvents: (key, events) => this.storeEvents(session, key, events, stored),
              transferOf: (key) => this.store.transfer(key, session),
              transfersOf: async (keys) => {
                const found = await this.store.transfersOf(keys, session);
                return new Map(found.map((transfer) => [transfer._id, transfer]));
              },
            });
          });
          // Committed: the relay reads each outbox document by its key, publishes it and deletes it.
          for (const { key, events } of stored)
            this.host.eventsStored(events, { model: this.store.outboxModel, id: key });
          return result;
        } catch (error) {
          // A concurrent transaction inserted the same key and committed first: run again, and find it.
          if (!isDuplicateKeyError(error) || attempt >= DUPLICATE_KEY_RETRIES) throw error;
          this.logger.debug({ accounts: members, attempt }, 'ledger transaction lost an insert race; again');
        }
      }
    });
  }

  // ---- reads ------------------------------------------------------------------------------------

  /** A member account's balance, total earned and withdrawable part (zero for a new account). */
  async balance(account: string): Promise<Balance> {
    const doc = await this.store.balanceOf(account);
    return { balance: doc?.balance ?? 0, earned: doc?.earned ?? 0, withdrawable: doc?.withdrawable ?? 0 };
  }

  /** A member's history, newest first: entries with seq below `beforeSeq`. */
  async history(account: string, limit: number, beforeSeq?: number): Promise<EntryDoc[]> {
    return this.store.entriesBefore(account, limit, beforeSeq);
  }

  /** A member's history, oldest first: entries with seq above `afterSeq` (the data export). */
  async historyAfter(account: string, limit: number, afterSeq = 0): Promise<EntryDoc[]> {
    return this.store.entriesAfter(account, limit, afterSeq);
  }

  /**
   * The sum of an account's movements created before `before`: its balance at that moment (a
   * statement's opening balance). Reads the account's entries (index account_1_seq_-1), not a cache.
   */
  async sumBefore(account: string, before: Date): Promise<number> {
    return this.store.sumBefore(account, before);
  }

  /** An account's entries created in [from, to), in the order they were applied (seq). */
  async entriesBetween(account: string, from: Date, to: Date): Promise<EntryDoc[]> {
    return this.store.entriesBetween(account, from, to);
  }

  /**
   * What a member account paid out since `since` in transfers of the given kinds (micro-AC, positive):
   * the spending limit's "spent today" (spending/). Reads the account's entries newest first (index
   * account_1_seq_-1) and stops at the first one older than `since` by more than CLOCK_SKEW_MS (entries
   * are numbered in commit order; instances' clocks may differ a little), so it reads about one day of
   * the account's entries, never its whole history. Inside a transaction, with its session: the
   * transaction then conflicts with any concurrent one that debits the account (it writes the account
   * document), and runs again seeing it.
   */
  async spentSince(
    account: string,
    since: Date,
    kinds: readonly TransferKind[],
    session?: LedgerSession,
  ): Promise<number> {
    const cursor = this.store.movementsNewestFirst(account, session);
    const stopBefore = since.getTime() - CLOCK_SKEW_MS;
    let spent = 0;
    try {
      for await (const entry of cursor) {
        const at = entry.created_at.getTime();
        if (at < stopBefore) break;
        if (at >= since.getTime() && entry.side === 'debit' && kinds.includes(entry.kind))
          spent += -entry.delta;
      }
    } finally {
      await cursor.close();
    }
    return spent;
  }

  async findTransfer(key: string): Promise<TransferDoc | null> {
    return this.store.transfer(key);
  }

  // ---- inside a transaction -----------------------------------------------------------------------

  private async post(
    session: LedgerSession,
    request: TransferRequest,
    stored: StoredEvents[],
  ): Promise<TransferResult> {
    const facts = buildTransfer(request);
    const earlier = await this.store.transfer(facts._id, session);
    if (earlier) {
      if (earlier.fingerprint !== facts.fingerprint) throw new IdempotencyConflict(facts._id);
      return { status: earlier.status, transfer: earlier, ...earlier.legs, replayed: true };
    }
    const now = new Date();
    // Both member accounts in one read, both changes in one write (a tip is two accounts).
    const accounts = await this.accountsOf(session, [facts.from, facts.to], now);
    const debited = debitOf(facts, accounts, now);
    if (typeof debited === 'string') {
      const rejected: TransferDoc = {
        ...facts,
        status: 'rejected',
        rejection: debited,
        legs: {},
        created_at: now,
      };
      await this.store.insertTransfer(rejected, session);
      return { status: 'rejected', rejection: debited, transfer: rejected, replayed: false };
    }
    const creditAccount = isMemberAccount(facts.to)
      ? credited(facts, accounts.get(facts.to)!, debited.withdrawableMoved, now)
      : undefined;
    await this.writeAccounts(session, [debited.account, creditAccount]);
    const debit = entryFor(facts, 'debit', debited.account, now);
    const credit = entryFor(facts, 'credit', creditAccount, now);
    const transfer = completedTransfer(facts, debit, credit, debited.withdrawableMoved, now);
    await this.store.insertTransfer(transfer, session);
    await this.store.insertEntries([debit, credit], session);
    const events = ledgerEvents(this.host.service, transfer, now);
    await this.store.insertOutbox(
      { _id: transfer._id, created_at: now, _outbox: toStoredOutbox(events) },
      session,
    );
    stored.push({ key: transfer._id, events });
    if (transfer.kind === 'adjustment') await this.audit(session, transfer);
    return { status: 'completed', transfer, ...transfer.legs, replayed: false };
  }

  /** See LedgerTransaction.postCredits: reads of all keys and accounts first, then one write of each kind. */
  private async postCredits(
    session: LedgerSession,
    requests: TransferRequest[],
    stored: StoredEvents[],
  ): Promise<TransferResult[]> {
    const all = requests.map(buildTransfer);
    for (const facts of all)
      if (isMemberAccount(facts.from) || !isMemberAccount(facts.to) || facts.kind === 'adjustment')
        throw new Error(`postCredits moves money from a system account to a member: ${facts._id}`);
    const keys = [...new Set(all.map((facts) => facts._id))];
    const known = new Map(
      (await this.store.transfersOf(keys, session)).map((transfer) => [transfer._id, transfer]),
    );
    const now = new Date();
    const accounts = await this.accountsOf(session, [...new Set(all.map((facts) => facts.to))], now);
    const results: TransferResult[] = [];
    const transfers: TransferDoc[] = [];
    const entries: EntryDoc[] = [];
    const outbox: { _id: string; created_at: Date; _outbox: ReturnType<typeof toStoredOutbox> }[] = [];
    for (const facts of all) {
      const earlier = known.get(facts._id);
      if (earlier) {
        if (earlier.fingerprint !== facts.fingerprint) throw new IdempotencyConflict(facts._id);
        results.push({ status: earlier.status, transfer: earlier, ...earlier.legs, replayed: true });
        continue;
      }
      const account = credited(facts, accounts.get(facts.to)!, 0, now);
      accounts.set(account._id, account);
      const debit = entryFor(facts, 'debit', undefined, now);
      const credit = entryFor(facts, 'credit', account, now);
      const transfer = completedTransfer(facts, debit, credit, 0, now);
      known.set(transfer._id, transfer);
      transfers.push(transfer);
      entries.push(debit, credit);
      const events = ledgerEvents(this.host.service, transfer, now);
      outbox.push({ _id: transfer._id, created_at: now, _outbox: toStoredOutbox(events) });
      stored.push({ key: transfer._id, events });
      results.push({ status: 'completed', transfer, ...transfer.legs, replayed: false });
    }
    if (transfers.length === 0) return results;
    const changed = [...new Set(transfers.map((transfer) => transfer.to))];
    await this.writeAccounts(
      session,
      changed.map((id) => accounts.get(id)),
    );
    await this.store.insertTransfers(transfers, session);
    await this.store.insertEntries(entries, session);
    await this.store.insertOutboxes(outbox, session);
    return results;
  }

  private async storeEvents(
    session: LedgerSession,
    key: string,
    events: EventRecord[],
    stored: StoredEvents[],
  ): Promise<void> {
    if (await this.store.hasOutbox(key, session)) return;
    await this.store.insertOutbox(
      { _id: key, created_at: new Date(), _outbox: toStoredOutbox(events) },
      session,
    );
    stored.push({ key, events });
  }

  /** Member accounts as this transaction sees them (new ones where an account never had an entry). */
  private async accountsOf(
    session: LedgerSession,
    ids: string[],
    now: Date,
  ): Promise<Map<string, AccountDoc>> {
    const members = ids.filter(isMemberAccount);
    const found = new Map<string, AccountDoc>();
    if (members.length === 0) return found;
    const docs = await this.store.accountsOf(members, session);
    for (const doc of docs) if (doc) found.set(doc._id, doc);
    for (const id of members) if (!found.has(id)) found.set(id, newAccount(id, now));
    return found;
  }

  /**
   * Stores the accounts' next states. The transaction read them: a concurrent change of any of them
   * makes this write conflict, and the whole transaction runs again.
   */
  private async writeAccounts(session: LedgerSession, accounts: (AccountDoc | undefined)[]): Promise<void> {
    const changed = accounts.filter((account): account is AccountDoc => account !== undefined);
    if (changed.length === 0) return;
    await this.store.writeAccounts(changed, session);
  }

  private async audit(session: LedgerSession, transfer: TransferDoc): Promise<void> {
    const credit = isMemberAccount(transfer.to);
    await this.store.insertAudit(
      {
        _id: transfer._id,
        action: 'wallet.adjust',
        actor_id: transfer.meta.actor_id ?? '',
        target: credit ? transfer.to : transfer.from,
        amount: credit ? transfer.amount : -transfer.amount,
        reason: transfer.memo,
        transfer_id: transfer.id,
        created_at: transfer.created_at,
      },
      session,
    );
  }

  /**
   * Runs `work` holding this process's lock of every account in `accounts` (sorted: no deadlock). A call
   * whose caller stopped waiting while it queued for the locks is not run (callSignal).
   */
  private holding<T>(accounts: string[], work: () => Promise<T>): Promise<T> {
    const [first, ...rest] = accounts;
    if (first === undefined) {
      if (callSignal()?.aborted) return Promise.reject(new Unavailable(CALLER_GONE));
      return work();
    }
    return this.accountLocks.run(first, () => this.holding(rest, work));
  }
}

/** The facts of a transfer, before it is posted. */
type Facts = Omit<TransferDoc, 'status' | 'legs' | 'created_at'>;

function buildTransfer(request: TransferRequest): Facts {
  const { key, kind, from, to, amount } = request;
  if (!key || key.length > 400) throw new Error('a transfer needs a key of at most 400 characters');
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`invalid amount ${amount}`);
  if (!isAccount(from) || !isAccount(to) || from === to) throw new Error(`invalid accounts ${from} → ${to}`);
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
  };
}

/** A member account that never had an entry. */
function newAccount(id: string, now: Date): AccountDoc {
  return { _id: id, balance: 0, earned: 0, withdrawable: 0, seq: 0, created_at: now, updated_at: now };
}

/**
 * The source's side: a member account only when its balance covers the amount (a withdrawal: its
 * withdrawable part), as the transaction read it, its next entry (seq moved on). A system account has
 * no balance rule; what it pays out counts as withdrawable to the recipient only where the kind says so.
 */
function debitOf(
  facts: Facts,
  accounts: Map<string, AccountDoc>,
  now: Date,
): { account?: AccountDoc; withdrawableMoved: number } | DebitRefusal {
  if (!isMemberAccount(facts.from)) return { withdrawableMoved: 0 };
  const current = accounts.get(facts.from)!;
  const after = afterDebit(facts.kind, current, facts.amount);
  if (typeof after === 'string') return after;
  const { balance, withdrawable, withdrawableMoved } = after;
  const account = { ...current, balance, withdrawable, seq: current.seq + 1, updated_at: now };
  return { account, withdrawableMoved };
}

/**
 * The member account after `facts` credits it: its next entry (seq moved on). The transaction read
 * `current`: a concurrent change of the account makes the write conflict, and the whole transaction
 * runs again.
 */
function credited(facts: Facts, current: AccountDoc, withdrawableMoved: number, now: Date): AccountDoc {
  const after = afterCredit(facts.kind, current, facts.amount, withdrawableMoved);
  const earned = current.earned + (isEarning(facts.kind, 'credit') ? facts.amount : 0);
  if (!Number.isSafeInteger(after.balance)) throw new Error(`balance of ${facts.to} out of range`);
  return { ...current, ...after, earned, seq: current.seq + 1, updated_at: now };
}

function completedTransfer(
  facts: Facts,
  debit: EntryDoc,
  credit: EntryDoc,
  withdrawableMoved: number,
  now: Date,
): TransferDoc {
  return {
    ...facts,
    status: 'completed',
    legs: { debit: { ...legOf(debit), withdrawableMoved }, credit: legOf(credit) },
    created_at: now,
  };
}

/** The entry of one leg: entry `seq` of a member account (its balances after), or a system leg. */
function entryFor(facts: Facts, side: Side, account: AccountDoc | undefined, now: Date): EntryDoc {
  const debit = side === 'debit';
  const meta = facts.meta;
  const base = {
    account: debit ? facts.from : facts.to,
    leg: `${facts._id}:${side}`,
    transfer_key: facts._id,
    transfer_id: facts.id,
    kind: facts.kind,
    side,
    delta: debit ? -facts.amount : facts.amount,
    counterparty: debit ? facts.to : facts.from,
    counterparty_name: (debit ? meta.to_name : meta.from_name) ?? '',
    memo: facts.memo,
    reason: meta.reason ?? '',
    created_at: now,
  };
  if (!account) return { _id: `sys:${facts._id}:${side}`, ...base };
  return {
    _id: entryId(account._id, account.seq),
    ...base,
    seq: account.seq,
    balance_after: account.balance,
    earned_after: account.earned,
    withdrawable_after: account.withdrawable,
  };
}

function legOf(entry: EntryDoc): LegResult {
  return entry.balance_after === undefined
    ? { entryId: entry._id }
    : { entryId: entry._id, balanceAfter: entry.balance_after };
}
