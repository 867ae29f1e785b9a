import { isMemberAccount } from './accounts';
import type { LedgerSession, LedgerRepository } from './ledger.repository';
import { EntryDoc, isEarning, TransferDoc } from './ledger.types';
import { bucketsValid } from './withdrawable';

export interface LedgerReport {
  ok: boolean;
  checkedAt: string;
  durationMs: number;
  transfers: number;
  entries: number;
  memberAccounts: number;
  /** Every account, members and system: 0 when every transfer's legs match. */
  sumMicro: number;
  membersTotalMicro: number;
  rejectedTransfers: number;
  systemBalances: Record<string, number>;
  /** Balances below zero that nothing but a reversed top-up explains: always a fault. */
  negativeBalances: { account: string; balance: number }[];
  /** Members who owe a reversed (refunded or disputed) top-up: below zero by design. */
  debts: { account: string; balance: number }[];
  mismatches: string[];
}

const MAX_MISMATCHES = 100;

type Leg = Pick<EntryDoc, '_id' | 'account' | 'delta' | 'side' | 'seq'>;
type Link = Pick<
  EntryDoc,
  'seq' | 'delta' | 'balance_after' | 'earned_after' | 'withdrawable_after' | 'kind' | 'side'
>;

/**
 * Recomputes every balance from the entries and checks that:
 * - every completed transfer has exactly its two legs, on its accounts, for its amount; a rejected one
 *   has none; no leg belongs to no transfer;
 * - every member account's entries run 1, 2, 3... with each balance_after the previous one plus its
 *   delta, never below zero, total earned consistent, and the account's stored balance, earned and
 *   seq equal to its last entry's;
 * - members and system accounts sum to zero.
 *
 * It reads a moving ledger without stopping it. A transfer is committed with all its documents at once,
 * but a scan may see a transfer committed during it in part; whatever looks wrong is read again on its
 * own before it is reported.
 */
export async function verifyLedger(store: LedgerRepository): Promise<LedgerReport> {
  const started = Date.now();
  const mismatches: string[] = [];
  const report = (text: string) => {
    if (mismatches.length < MAX_MISMATCHES) mismatches.push(text);
  };

  // 1. Every entry, by transfer.
  const legs = new Map<string, { debit?: Leg; credit?: Leg }>();
  let entryCount = 0;
  for await (const entry of store.everyLeg()) {
    entryCount += 1;
    const byTransfer = legs.get(entry.transfer_key) ?? {};
    byTransfer[entry.side] = entry;
    legs.set(entry.transfer_key, byTransfer);
  }

  // 2. Every transfer against its legs; the legs counted once each, through their transfer.
  let transferCount = 0;
  let rejected = 0;
  const memberBalances = new Map<string, bigint>();
  const systemBalances = new Map<string, bigint>();
  const count = (leg: Leg) => {
    const balances = isMemberAccount(leg.account) ? memberBalances : systemBalances;
    balances.set(leg.account, (balances.get(leg.account) ?? 0n) + BigInt(leg.delta));
  };
  for await (const transfer of store.everyTransfer()) {
    transferCount += 1;
    if (transfer.status === 'rejected') rejected += 1;
    let found = legs.get(transfer._id) ?? {};
    legs.delete(transfer._id);
    if (checkLegs(transfer, found).length > 0) found = await legsOf(store, transfer._id);
    checkLegs(transfer, found).forEach(report);
    if (found.debit) count(found.debit);
    if (found.credit) count(found.credit);
  }
  for (const [key] of legs) {
    // Committed after the transfers were read? Then its transfer is there now.
    const transfer = await store.transfer(key);
    const found = await legsOf(store, key);
    if (!transfer) {
      for (const leg of [found.debit, found.credit])
        if (leg) {
          report(`entry ${leg._id} belongs to no recorded transfer (${key})`);
          count(leg);
        }
      continue;
    }
    transferCount += 1;
    checkLegs(transfer, found).forEach(report);
    if (found.debit) count(found.debit);
    if (found.credit) count(found.credit);
  }

  // 3. Member accounts: their entries in order, against each other and the stored account.
  const members = new Set(memberBalances.keys());
  for await (const account of store.everyAccountId()) members.add(account._id);
  const negativeBalances: { account: string; balance: number }[] = [];
  const debts: { account: string; balance: number }[] = [];
  for (const account of members) {
    let outcome = await checkAccount(store, account);
    // Written to during the reads? Read it again as of one moment.
    if (outcome.problems.length > 0)
      outcome = await store.inTransaction((session) => checkAccount(store, account, session));
    outcome.problems.forEach(report);
    outcome.negatives.forEach((balance) => negativeBalances.push({ account, balance }));
    if (outcome.balance < 0) debts.push({ account, balance: outcome.balance });
  }

  const total = (balances: Map<string, bigint>) => [...balances.values()].reduce((a, b) => a + b, 0n);
  const membersTotal = total(memberBalances);
  const sum = membersTotal + total(systemBalances);
  if (sum !== 0n) report(`the balances sum to ${sum} micro-AC, not 0`);

  return {
    ok: mismatches.length === 0 && negativeBalances.length === 0 && sum === 0n,
    checkedAt: new Date().toISOString(),
    durationMs: Date.now() - started,
    transfers: transferCount,
    entries: entryCount,
    memberAccounts: members.size,
    sumMicro: Number(sum),
    membersTotalMicro: Number(membersTotal),
    rejectedTransfers: rejected,
    systemBalances: Object.fromEntries([...systemBalances].map(([account, v]) => [account, Number(v)])),
    negativeBalances,
    debts,
    mismatches,
  };
}

async function legsOf(store: LedgerRepository, key: string): Promise<{ debit?: Leg; credit?: Leg }> {
  const [debit, credit] = await Promise.all([
    store.entryOfLeg(`${key}:debit`),
    store.entryOfLeg(`${key}:credit`),
  ]);
  return { debit: debit ?? undefined, credit: credit ?? undefined };
}

function checkLegs(transfer: TransferDoc, found: { debit?: Leg; credit?: Leg }): string[] {
  const problems: string[] = [];
  const { debit, credit } = found;
  if (transfer.status === 'rejected') {
    if (debit || credit) problems.push(`transfer ${transfer._id} was rejected but has legs`);
    return problems;
  }
  if (!debit || !credit) {
    problems.push(`transfer ${transfer._id} is missing its ${debit ? 'credit' : 'debit'}`);
    return problems;
  }
  if (debit.account !== transfer.from)
    problems.push(`transfer ${transfer._id}: debited ${debit.account}, not ${transfer.from}`);
  if (debit.delta !== -transfer.amount)
    problems.push(`transfer ${transfer._id}: debit of ${debit.delta}, expected ${-transfer.amount}`);
  if (credit.account !== transfer.to)
    problems.push(`transfer ${transfer._id}: credited ${credit.account}, not ${transfer.to}`);
  if (credit.delta !== transfer.amount)
    problems.push(`transfer ${transfer._id}: credit of ${credit.delta}, expected ${transfer.amount}`);
  return problems;
}

/** One member account: its entries read in order, against each other and the stored account. */
async function checkAccount(store: LedgerRepository, account: string, session?: LedgerSession) {
  const { doc, entries } = await store.accountWithEntries(account, session);
  const links: Link[] = entries;
  const problems: string[] = [];
  const negatives: number[] = [];
  let balance = 0;
  let earned = 0;
  let expected = 1;
  for (const link of links) {
    const seq = link.seq ?? 0;
    if (seq !== expected) problems.push(`${account}: entry ${seq} where ${expected} was expected`);
    expected = seq + 1;
    const before = balance;
    balance += link.delta;
    if (isEarning(link.kind, link.side)) earned += link.delta;
    if (link.balance_after !== balance)
      problems.push(`${account}: entry ${seq} says balance ${link.balance_after}, the sum is ${balance}`);
    if (link.earned_after !== earned)
      problems.push(`${account}: entry ${seq} says earned ${link.earned_after}, the sum is ${earned}`);
    // Only a reversed top-up may take a balance below zero (a debt), and only credits follow it there.
    const owed = link.kind === 'topup_reversal' || (link.side === 'credit' && before < 0);
    if (balance < 0 && !owed) negatives.push(balance);
    const withdrawable = link.withdrawable_after ?? 0;
    if (!bucketsValid({ balance, withdrawable }))
      problems.push(`${account}: entry ${seq} has ${withdrawable} withdrawable of a balance of ${balance}`);
  }
  const last = links.length;
  if (!doc) {
    if (last > 0) problems.push(`${account}: ${last} entries but no account`);
  } else {
    const withdrawable = links[last - 1]?.withdrawable_after ?? 0;
    if (
      doc.balance !== balance ||
      doc.earned !== earned ||
      doc.seq !== last ||
      doc.withdrawable !== withdrawable
    )
      problems.push(
        `${account}: the account says balance ${doc.balance}, earned ${doc.earned}, withdrawable ` +
          `${doc.withdrawable}, seq ${doc.seq}; its entries say ${balance}, ${earned}, ${withdrawable}, ${last}`,
      );
  }
  return { problems, negatives, balance };
}
