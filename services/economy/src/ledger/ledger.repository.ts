import { inTransaction, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientSession, Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import type { AccountDoc, EntryDoc, TransferDoc } from './ledger.types';

export { insertOnce } from '../indexed-model.schema';

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
export class LedgerStore {
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
    // Written with each transfer's events; deleted once they are published (LedgerRelay).
    this.outboxModel = indexedModel(connection, 'LedgerOutbox', 'ledger_outbox');
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
