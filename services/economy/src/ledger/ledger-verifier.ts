import { IN_TRANSIT, isMemberAccount } from './accounts';
import type { LedgerStore } from './ledger.store';
import { EntryDoc, Head, isEarning, TransferDoc } from './ledger.types';

export interface LedgerReport {
  ok: boolean;
  checkedAt: string;
  durationMs: number;
  transfers: number;
  entries: number;
  memberAccounts: number;
  /** Every account, in_transit included: 0 when every leg matches its transfer. */
  sumMicro: number;
  membersTotalMicro: number;
  inTransitMicro: number;
  pendingTransfers: number;
  rejectedTransfers: number;
  systemBalances: Record<string, number>;
  negativeBalances: { account: string; balance: number }[];
  mismatches: string[];
}

/** What the check may ask about the Redis hints (optional: a script without Redis skips it). */
export interface HintReader {
  peekHint(account: string): Promise<Head | undefined>;
}

const MAX_MISMATCHES = 100;

type Link = Pick<EntryDoc, 'seq' | 'delta' | 'balance_after' | 'earned_after' | 'kind' | 'side' | 'rejected'>;
type Leg = Pick<EntryDoc, '_id' | 'account' | 'delta' | 'rejected' | 'side'>;

/**
 * Recomputes every balance from the transfers and their legs, and checks that:
 * - every leg belongs to a recorded transfer, on that transfer's account, for its amount;
 * - no transfer is credited without being debited, or credited after a rejected debit;
 * - every member chain runs 1, 2, 3... with each balance_after = the previous + delta, never below
 *   zero, and total earned consistent;
 * - members + system accounts + in_transit (debited, not yet credited) sum to zero;
 * - transfers left half-done are pending (the recovery sweep's list), not forgotten;
 * - no Redis hint is ahead of its chain (a hint ahead would let a writer skip the real head).
 *
 * It reads a moving ledger without stopping it: whatever looks wrong is read again on its own before
 * it is reported, so that a transfer in flight during the scan is not a false alarm.
 */
export async function verifyLedger(store: LedgerStore, hints?: HintReader): Promise<LedgerReport> {
  const started = Date.now();
  const mismatches: string[] = [];
  const report = (text: string) => {
    if (mismatches.length < MAX_MISMATCHES) mismatches.push(text);
  };

  // 1. Every leg: member links by account, system legs summed, legs by transfer.
  const chains = new Map<string, Link[]>();
  const systemBalances = new Map<string, bigint>();
  const legs = new Map<string, { debit?: Leg; credit?: Leg }>();
  let entryCount = 0;
  for await (const entry of store.entries.find({})) {
    entryCount += 1;
    const byTransfer = legs.get(entry.transfer_key) ?? {};
    byTransfer[entry.side] = {
      _id: entry._id,
      account: entry.account,
      delta: entry.delta,
      rejected: entry.rejected,
      side: entry.side,
    };
    legs.set(entry.transfer_key, byTransfer);
    if (isMemberAccount(entry.account)) {
      const chain = chains.get(entry.account) ?? [];
      chain.push({
        seq: entry.seq,
        delta: entry.delta,
        balance_after: entry.balance_after,
        earned_after: entry.earned_after,
        kind: entry.kind,
        side: entry.side,
        rejected: entry.rejected,
      });
      chains.set(entry.account, chain);
    } else {
      systemBalances.set(entry.account, (systemBalances.get(entry.account) ?? 0n) + BigInt(entry.delta));
    }
  }

  // 2. Every transfer against its legs.
  let transferCount = 0;
  let rejected = 0;
  let inTransit = 0n;
  const unfinished: TransferDoc[] = [];
  for await (const transfer of store.transfers.find({})) {
    transferCount += 1;
    const found = legs.get(transfer._id) ?? {};
    legs.delete(transfer._id);
    const problems = checkLegs(transfer, found);
    problems.forEach(report);
    const debited = found.debit !== undefined && !found.debit.rejected;
    if (found.debit?.rejected) rejected += 1;
    if (debited) inTransit += BigInt(transfer.amount);
    if (found.credit) inTransit -= BigInt(transfer.amount);
    if (!found.debit || (debited && !found.credit)) unfinished.push(transfer);
  }
  for (const [key, orphan] of legs)
    for (const leg of [orphan.debit, orphan.credit])
      if (leg) report(`entry ${leg._id} belongs to no recorded transfer (${key})`);

  // 3. Half-done transfers must be on the sweep's list (or have finished since the scan).
  const pendingIds = new Set(
    (await store.pending.find({}, { projection: { _id: 1 } }).toArray()).map((p) => p._id),
  );
  for (const transfer of unfinished) {
    if (pendingIds.has(transfer._id)) continue;
    const [debit, credit] = await Promise.all([
      store.entries.findOne({ leg: `${transfer._id}:debit` }),
      store.entries.findOne({ leg: `${transfer._id}:credit` }),
    ]);
    const nowPending = await store.pending.findOne({ _id: transfer._id });
    const finished = debit && (debit.rejected || credit);
    if (!finished && !nowPending)
      report(`transfer ${transfer._id} is half-done and not pending: the sweep would never finish it`);
  }

  // 4. Chains.
  const negativeBalances: { account: string; balance: number }[] = [];
  let membersTotal = 0n;
  for (const [account, links] of chains) {
    let outcome = checkChain(account, links);
    if (outcome.problems.length > 0) {
      // Read the account again on its own: links written during the scan may have been missed.
      const fresh = await store.entries.find({ account }).sort({ seq: 1 }).toArray();
      outcome = checkChain(account, fresh);
    }
    outcome.problems.forEach(report);
    outcome.negatives.forEach((balance) => negativeBalances.push({ account, balance }));
    membersTotal += BigInt(outcome.head.balance);
    if (hints) {
      const hint = await hints.peekHint(account);
      if (hint && hint.seq > outcome.head.seq) {
        const fresh = await store.entries.find({ account }).sort({ seq: -1 }).limit(1).toArray();
        if (hint.seq > (fresh[0]?.seq ?? 0))
          report(
            `${account}: the Redis hint is at link ${hint.seq}, ahead of the chain (${outcome.head.seq})`,
          );
      } else if (hint && hint.seq > 0) {
        const link = outcome.bySeq.get(hint.seq);
        if (link && (link.balance_after !== hint.balance || link.earned_after !== hint.earned))
          report(`${account}: the Redis hint of link ${hint.seq} does not match the link`);
      }
    }
  }

  let systemTotal = 0n;
  for (const balance of systemBalances.values()) systemTotal += balance;
  const sum = membersTotal + systemTotal + inTransit;
  if (sum !== 0n) report(`the balances sum to ${sum} micro-AC, not 0`);
  if (inTransit < 0n) report(`${IN_TRANSIT} is negative (${inTransit}): a credit without its debit`);

  return {
    ok: mismatches.length === 0 && negativeBalances.length === 0 && sum === 0n,
    checkedAt: new Date().toISOString(),
    durationMs: Date.now() - started,
    transfers: transferCount,
    entries: entryCount,
    memberAccounts: chains.size,
    sumMicro: Number(sum),
    membersTotalMicro: Number(membersTotal),
    inTransitMicro: Number(inTransit),
    pendingTransfers: (await store.pending.countDocuments({})) as number,
    rejectedTransfers: rejected,
    systemBalances: Object.fromEntries([...systemBalances].map(([account, v]) => [account, Number(v)])),
    negativeBalances,
    mismatches,
  };
}

function checkLegs(transfer: TransferDoc, found: { debit?: Leg; credit?: Leg }): string[] {
  const problems: string[] = [];
  const { debit, credit } = found;
  if (debit) {
    if (debit.account !== transfer.from)
      problems.push(`transfer ${transfer._id}: debited ${debit.account}, not ${transfer.from}`);
    if (debit.rejected) {
      if (debit.delta !== 0) problems.push(`transfer ${transfer._id}: a rejected debit moved ${debit.delta}`);
      if (!isMemberAccount(transfer.from))
        problems.push(`transfer ${transfer._id}: a system account refused a debit`);
    } else if (debit.delta !== -transfer.amount) {
      problems.push(`transfer ${transfer._id}: debit of ${debit.delta}, expected ${-transfer.amount}`);
    }
  }
  if (credit) {
    if (credit.account !== transfer.to)
      problems.push(`transfer ${transfer._id}: credited ${credit.account}, not ${transfer.to}`);
    if (credit.delta !== transfer.amount)
      problems.push(`transfer ${transfer._id}: credit of ${credit.delta}, expected ${transfer.amount}`);
    if (!debit) problems.push(`transfer ${transfer._id}: credited without a debit`);
    else if (debit.rejected) problems.push(`transfer ${transfer._id}: credited after its debit was rejected`);
  }
  return problems;
}

function checkChain(account: string, unsorted: Link[]) {
  const links = [...unsorted].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const problems: string[] = [];
  const negatives: number[] = [];
  const bySeq = new Map<number, Link>();
  let balance = 0;
  let earned = 0;
  let expected = 1;
  for (const link of links) {
    const seq = link.seq ?? 0;
    bySeq.set(seq, link);
    if (seq !== expected) problems.push(`${account}: link ${seq} where ${expected} was expected`);
    expected = seq + 1;
    balance += link.delta;
    if (isEarning(link.kind, link.side) && !link.rejected) earned += link.delta;
    if (link.balance_after !== balance)
      problems.push(`${account}: link ${seq} says balance ${link.balance_after}, the sum is ${balance}`);
    if (link.earned_after !== earned)
      problems.push(`${account}: link ${seq} says earned ${link.earned_after}, the sum is ${earned}`);
    if ((link.balance_after ?? 0) < 0) negatives.push(link.balance_after ?? 0);
    if (link.rejected && link.delta !== 0) problems.push(`${account}: rejected link ${seq} moved money`);
    balance = link.balance_after ?? balance;
    earned = link.earned_after ?? earned;
  }
  const last = links[links.length - 1];
  const head: Head = last
    ? { seq: last.seq ?? 0, balance: last.balance_after ?? 0, earned: last.earned_after ?? 0 }
    : { seq: 0, balance: 0, earned: 0 };
  return { problems, negatives, head, bySeq };
}
