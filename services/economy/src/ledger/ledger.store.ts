import type { Connection } from 'mongoose';
import { AnyModel, Collection, collectionOf, indexedModel } from '../db';
import type { EntryDoc, TransferDoc } from './ledger.types';

export { insertOnce } from '../db';

/** A transfer started and not finished yet (the recovery sweep's work list; kept small). */
export type PendingDoc = TransferDoc;

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
  value: string;
  created_at?: Date;
}

/**
 * The ledger's collections. Writes on the hot path are inserts (unique keys decide every race, see
 * ADR 0003 and 0005) and deletes of small documents; no document that several writers change.
 */
export class LedgerStore {
  readonly transferModel: AnyModel;
  readonly entryModel: AnyModel;
  readonly pendingModel: AnyModel;
  readonly outboxModel: AnyModel;
  readonly auditModel: AnyModel;
  readonly metaModel: AnyModel;

  constructor(readonly connection: Connection) {
    this.transferModel = indexedModel(connection, 'LedgerTransfer', 'transfers');
    this.entryModel = indexedModel(connection, 'LedgerEntry', 'entries', [
      // A transfer is debited at most once and credited at most once, whatever the account.
      { fields: { leg: 1 }, unique: true },
      // A member's history, and the head of their chain when Redis has no hint.
      { fields: { account: 1, seq: -1 } },
    ]);
    this.pendingModel = indexedModel(connection, 'LedgerPending', 'pending_transfers', [
      { fields: { created_at: 1 } },
    ]);
    // Written once per transfer with all its events; deleted once they are published (LedgerRelay).
    this.outboxModel = indexedModel(connection, 'LedgerOutbox', 'ledger_outbox');
    this.auditModel = indexedModel(connection, 'LedgerAudit', 'audit_log');
    this.metaModel = indexedModel(connection, 'LedgerMeta', 'ledger_meta');
  }

  get transfers(): Collection<TransferDoc> {
    return collectionOf(this.transferModel);
  }
  get entries(): Collection<EntryDoc> {
    return collectionOf(this.entryModel);
  }
  get pending(): Collection<PendingDoc> {
    return collectionOf(this.pendingModel);
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

  async ensureIndexes(): Promise<void> {
    const models = [this.transferModel, this.entryModel, this.pendingModel, this.outboxModel];
    await Promise.all([...models, this.auditModel, this.metaModel].map((m) => m.init()));
  }
}
