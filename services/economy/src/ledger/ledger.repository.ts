import { inTransaction, MONGO, outboxPlugin } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientSession, Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import type { AccountDoc, EntryDoc, TransferDoc } from './ledger.types';

/** The session of a ledger transaction: what a write made inside it passes (`{ session }`). */
export type LedgerSession = ClientSession;

export interface OutboxDoc {
  _id: string;
  created_at: Date;
  _outbox: unknown[];
}

export interface AuditDoc {
  _id: string;
  action: string;
  actor_id: string;
  target: string;
  amount: number;
  reason: string;
  transfer_id: string;
  created_at: Date;
}

export interface MetaDoc {
  _id: string;
  created_at: Date;
}

/** The ledger's collections (docs/adr/0005-ledger.md). */
@Injectable()
export class LedgerRepository {
  readonly accountModel: IndexedModel;
  readonly transferModel: IndexedModel;
  readonly entryModel: IndexedModel;
  readonly outboxModel: IndexedModel;
  readonly auditModel: IndexedModel;
  readonly metaModel: IndexedModel;

  constructor(@Inject(MONGO) private readonly connection: Connection) {
    this.accountModel = indexedModel(connection, 'LedgerAccount', 'accounts');
    this.transferModel = indexedModel(connection, 'LedgerTransfer', 'transfers');
    this.entryModel = indexedModel(connection, 'LedgerEntry', 'entries', [
      // A transfer is debited at most once and credited at most once, whatever the account.
      { fields: { leg: 1 }, unique: true },
      // A member's history, newest first.
      { fields: { account: 1, seq: -1 } },
    ]);
    // Written with each transfer's events; the platform's outbox relay (Ledger registers it with the
    // runtime) publishes them and then deletes the document.
    this.outboxModel = indexedModel(connection, 'LedgerOutbox', 'ledger_outbox', [], (schema) =>
      schema.plugin(outboxPlugin, { deleteWhenPublished: true }),
    );
    this.auditModel = indexedModel(connection, 'LedgerAudit', 'audit_log');
    this.metaModel = indexedModel(connection, 'LedgerMeta', 'ledger_meta');
  }

  get accounts(): Collection<AccountDoc> {
    return collectionOf(this.accountModel);
  }
  get transfers(): Collection<TransferDoc> {
    return collectionOf(this.transferModel);
  }
  get entries(): Collection<EntryDoc> {
    return collectionOf(this.entryModel);
  }
  get outbox(): Collection<OutboxDoc> {
    return collectionOf(this.outboxModel);
  }
  get audit(): Collection<AuditDoc> {
    return collectionOf(this.auditModel);
  }
  get meta(): Collection<MetaDoc> {
    return collectionOf(this.metaModel);
  }

  // ---- the ledger's creation ----------------------------------------------------------------------

  /** Records when this ledger was created (once: the first call's time stays) and answers it. */
  async created(): Promise<Date | undefined> {
    await this.meta.updateOne(
      { _id: 'created' },
      { $setOnInsert: { created_at: new Date() } },
      { upsert: true },
    );
    const created = await this.meta.findOne({ _id: 'created' });
    return created?.created_at;
  }

  // ---- transfers ------------------------------------------------------------------------------------

  /** The transfer of a key (inside a transaction, as it sees it). */
  transfer(key: string, session?: LedgerSession): Promise<TransferDoc | null> {
    return session ? this.transfers.findOne({ _id: key }, { session }) : this.transfers.findOne({ _id: key });
  }

  /** The transfers of these keys that exist, as the transaction sees them. */
  transfersOf(keys: string[], session: LedgerSession): Promise<TransferDoc[]> {
    return this.transfers.find({ _id: { $in: keys } }, { session }).toArray();
  }

  async insertTransfer(transfer: TransferDoc, session: LedgerSession): Promise<void> {
    await this.transfers.insertOne(transfer, { session });
  }

  async insertTransfers(transfers: TransferDoc[], session: LedgerSession): Promise<void> {
    await this.transfers.insertMany(transfers, { session });
  }

  // ---- accounts -------------------------------------------------------------------------------------

  /** A member account's balances (null: it never had an entry). */
  balanceOf(account: string): Promise<Pick<AccountDoc, 'balance' | 'earned' | 'withdrawable'> | null> {
    return this.accounts.findOne(
      { _id: account },
      { projection: { balance: 1, earned: 1, withdrawable: 1 } },
    );
  }

  /** Member accounts as the transaction sees them (one read; those never written are missing). */
  async accountsOf(ids: string[], session: LedgerSession): Promise<(AccountDoc | null)[]> {
    return ids.length === 1
      ? [await this.accounts.findOne({ _id: ids[0] }, { session })]
      : await this.accounts.find({ _id: { $in: ids } }, { session }).toArray();
  }

  /** Stores the accounts' next states in the transaction (one write; at least one account). */
  async writeAccounts(accounts: AccountDoc[], session: LedgerSession): Promise<void> {
    if (accounts.length === 1) {
      await this.accounts.replaceOne({ _id: accounts[0]._id }, accounts[0], { session, upsert: true });
      return;
    }
    await this.accounts.bulkWrite(
      accounts.map((account) => ({
        replaceOne: { filter: { _id: account._id }, replacement: account, upsert: true },
      })),
      { session, ordered: true },
    );
  }

  // ---- entries --------------------------------------------------------------------------------------

  async insertEntries(entries: EntryDoc[], session: LedgerSession): Promise<void> {
    await this.entries.insertMany(entries, { session });
  }

  /** An account's entries newest first, `limit` of them, with seq below `beforeSeq`. */
  entriesBefore(account: string, limit: number, beforeSeq?: number): Promise<EntryDoc[]> {
    const filter: Record<string, unknown> = { account };
    if (beforeSeq !== undefined) filter.seq = { $lt: beforeSeq };
    return this.entries.find(filter).sort({ seq: -1 }).limit(limit).toArray();
  }

  /** An account's entries oldest first, `limit` of them, with seq above `afterSeq`. */
  entriesAfter(account: string, limit: number, afterSeq: number): Promise<EntryDoc[]> {
    return this.entries
      .find({ account, seq: { $gt: afterSeq } })
      .sort({ seq: 1 })
      .limit(limit)
      .toArray();
  }

  /** The sum of an account's movements created before `before`. */
  async sumBefore(account: string, before: Date): Promise<number> {
    const [total] = await this.entries
      .aggregate<{ sum: number }>([
        { $match: { account, created_at: { $lt: before } } },
        { $group: { _id: null, sum: { $sum: '$delta' } } },
      ])
      .toArray();
    return total?.sum ?? 0;
  }

  /** An account's entries created in [from, to), in seq order. */
  entriesBetween(account: string, from: Date, to: Date): Promise<EntryDoc[]> {
    return this.entries
      .find({ account, created_at: { $gte: from, $lt: to } })
      .sort({ seq: 1 })
      .toArray();
  }

  /**
   * An account's movements newest first (created_at, side, kind, delta), read in batches (index
   * account_1_seq_-1); the caller stops where it needs to and closes the cursor.
   */
  movementsNewestFirst(account: string, session?: LedgerSession) {
    return this.entries.find(
      { account },
      {
        session,
        sort: { seq: -1 },
        projection: { created_at: 1, side: 1, kind: 1, delta: 1 },
        batchSize: 200,
      },
    );
  }

  // ---- the outbox -----------------------------------------------------------------------------------

  async insertOutbox(doc: OutboxDoc, session: LedgerSession): Promise<void> {
    await this.outbox.insertOne(doc, { session });
  }

  async insertOutboxes(docs: OutboxDoc[], session: LedgerSession): Promise<void> {
    await this.outbox.insertMany(docs, { session });
  }

  async hasOutbox(key: string, session: LedgerSession): Promise<boolean> {
    return (await this.outbox.findOne({ _id: key }, { session, projection: { _id: 1 } })) !== null;
  }

  // ---- whole-ledger reads (the ledger check, ledger-verifier.ts) ----------------------------------

  /** Every entry's leg (account, delta, side, seq, transfer key), in no particular order. */
  everyLeg() {
    return this.entries.find({}, { projection: { account: 1, delta: 1, side: 1, seq: 1, transfer_key: 1 } });
  }

  /** Every transfer, in no particular order. */
  everyTransfer() {
    return this.transfers.find({});
  }

  /** The id of every member account that was ever written. */
  everyAccountId() {
    return this.accounts.find({}, { projection: { _id: 1 } });
  }

  /** The entry of one leg of a transfer (`{key}:debit` or `{key}:credit`). */
  entryOfLeg(leg: string): Promise<EntryDoc | null> {
    return this.entries.findOne({ leg });
  }

  /** A member account and its entries' balances in seq order (inside a transaction: as of one moment). */
  async accountWithEntries(
    account: string,
    session?: LedgerSession,
  ): Promise<{ doc: AccountDoc | null; entries: EntryDoc[] }> {
    const doc = await this.accounts.findOne({ _id: account }, { session });
    const entries = await this.entries
      .find(
        { account },
        {
          projection: {
            seq: 1,
            delta: 1,
            balance_after: 1,
            earned_after: 1,
            withdrawable_after: 1,
            kind: 1,
            side: 1,
          },
          session,
        },
      )
      .sort({ seq: 1 })
      .toArray();
    return { doc, entries };
  }

  /** Records an audited action (an adjustment, a withdrawal's decision) in the transaction that makes it. */
  async insertAudit(doc: AuditDoc, session: LedgerSession): Promise<void> {
    await this.audit.insertOne(doc, { session });
  }

  /** Runs `work` in one multi-document transaction on the ledger's database (the platform's inTransaction). */
  inTransaction<T>(work: (session: LedgerSession) => Promise<T>): Promise<T> {
    return inTransaction(this.connection, work);
  }

  /**
   * Indexes, and every collection created: a transaction cannot create a collection on MongoDB before
   * 4.4, and creating one inside a transaction conflicts with concurrent ones.
   */
  async ensureCollections(): Promise<void> {
    const models = [
      this.accountModel,
      this.transferModel,
      this.entryModel,
      this.outboxModel,
      this.auditModel,
      this.metaModel,
    ];
    await Promise.all(models.map((model) => model.createCollection().catch(ignoreExists)));
    await Promise.all(models.map((model) => model.init()));
  }
}

function ignoreExists(error: unknown): void {
  if ((error as { codeName?: string }).codeName !== 'NamespaceExists') throw error;
}
