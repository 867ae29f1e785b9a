// Economy's documents of the community: its members projection, the card top-ups' checkout sessions,
// and the AuraCoin ledger (services/economy/src/ledger/: ledger.ts, ledger.repository.ts, ledger.types.ts)
// as Ledger.post leaves it after each transfer, in time order: the transfer record, its two entries
// (a member leg is entry `seq` of the member's account with the balance, total earned and withdrawable
// part after it, moved by the service's own rules, ledger/withdrawable.ts; a system leg is one
// document), and each member's account (balance, earned, withdrawable, seq of its last entry).
// The ledger outbox is empty (every event was published). The loaded ledger is then checked with the
// service's own verifier (verifyLedger, what GET /api/admin/ledger/verify runs): the load fails
// unless it passes.
//
// The ledger was created at the moment of the load (ledger_meta `created`): economy pays no reward
// for an action older than its ledger (rewards.service, 'before_ledger'), so the community's likes
// and posts carry no reward transfers; its transfers are the card top-ups, tips and member-to-member
// transfers of plan.mjs.
import { createHash } from 'node:crypto';
import { insertAll, serviceModules } from './bulk.mjs';

export const service = 'economy';
/** The build modules this loader uses (a change of one reloads the data). */
export const sources = {
  ids: 'ledger/ids.js',
  accounts: 'ledger/accounts.js',
  ledger: 'ledger/ledger.js',
  types: 'ledger/ledger.types.js',
  withdrawable: 'ledger/withdrawable.js',
  store: 'ledger/ledger.repository.js',
  verifier: 'ledger/ledger-verifier.js',
  members: 'members/members.repository.js',
  topups: 'topups/topups.repository.js',
  packages: 'topups/packages.js',
  micro: 'money/micro.js',
};

const sha256 = (text) => createHash('sha256').update(text).digest('hex');
/** The origin the loaded top-ups were started from (their checkout return URLs). */
const ORIGIN = 'http://localhost:8080/';

export async function load(community, { connection, log }) {
  const dist = serviceModules(service, sources);
  const members = new dist.members.MembersRepository(connection);
  const topUps = new dist.topups.TopUpsRepository(connection);
  const store = new dist.store.LedgerRepository(connection);
  const ledger = postAll(community, dist);
  const counts = {
    members: await insertAll(members.members, memberDocs(community)),
    checkout_sessions: await insertAll(topUps.sessions, sessionDocs(community, dist)),
    transfers: await insertAll(store.transfers, ledger.transfers),
    entries: await insertAll(store.entries, ledger.entries),
    accounts: await insertAll(store.accounts, ledger.accounts),
  };
  await store.meta.insertOne({ _id: 'created', created_at: new Date(community.now) });
  await store.ensureCollections();
  // The verifier reads each member's entries in order: their index first.
  for (const model of Object.values(connection.models)) await model.createIndexes();
  log('verifying the ledger ... ');
  const report = await dist.verifier.verifyLedger(store);
  if (!report.ok)
    throw new Error(
      `the loaded ledger does not pass the ledger check: ${JSON.stringify(report).slice(0, 2000)}`,
    );
  log(`OK (${report.transfers} transfers, ${report.memberAccounts} accounts, ${report.durationMs} ms); `);
  return counts;
}

/** As MembersRepository leaves a member after user.registered and user.profile_changed. */
function* memberDocs({ members }) {
  for (const member of members)
    yield {
      _id: member.id,
      username: member.username,
      display_name: member.displayName,
      role: 'user',
      is_super_aura: false,
      updated_at: new Date(member.profileEditedAt),
    };
}

/** The package of a planned top-up, as economy sells it (its name and amounts must agree). */
function packageOf(topUp, dist) {
  const pack = dist.packages.findPackage(topUp.id);
  if (!pack || pack.amountMicro !== topUp.amountMicro || pack.usdCents !== topUp.usdCents)
    throw new Error(
      `economy: top-up package ${topUp.id} changed; update TOP_UPS in scripts/bench/scale/plan.mjs`,
    );
  return pack;
}

const topUpDescription = (pack, dist) =>
  `${pack.name}: ${dist.micro.formatMicroExact(pack.amountMicro)} AuraCoins`;
const usd = (cents) => `$${(cents / 100).toFixed(2)}`;

/** checkout_sessions: each top-up's test-mode session, paid and complete (TopUpsService). */
function* sessionDocs(community, dist) {
  const { sessions } = transferIds(community);
  for (let t = 0; t < community.transfers.length; t += 1) {
    const { kind, to, topUp, at } = community.transfers[t];
    if (kind !== 'topup') continue;
    const pack = packageOf(topUp, dist);
    const member = community.members[to];
    yield {
      _id: sessions[t],
      user_id: member.id,
      username: member.username,
      mode: 'payment',
      package_id: pack.id,
      amount_micro: pack.amountMicro,
      plan: '',
      usd_cents: pack.usdCents,
      description: topUpDescription(pack, dist),
      success_url: `${ORIGIN}?session_id={CHECKOUT_SESSION_ID}&payment_success=true`,
      cancel_url: `${ORIGIN}?payment_cancelled=true`,
      provider: 'test',
      status: 'complete',
      payment_status: 'paid',
      created_at: new Date(at - 60_000),
    };
  }
}

/**
 * Posts every planned transfer in time order as Ledger.post does (no transaction needed: nothing
 * else writes), and answers the documents: { transfers, entries, accounts }.
 */
function postAll(community, dist) {
  const { entryId } = dist.ledger;
  const { isEarning } = dist.types;
  const { afterDebit, afterCredit } = dist.withdrawable;
  const { memberAccount } = dist.accounts;
  const { keys, ids, sessions } = transferIds(community);
  const accounts = new Map();
  const transfers = [];
  const entries = [];
  const post = (facts, at) => {
    const legs = {};
    // What the debit moved of the sender's withdrawable AC (a tip passes that much on as withdrawable).
    let withdrawableMoved = 0;
    for (const side of ['debit', 'credit']) {
      const debit = side === 'debit';
      const name = debit ? facts.from : facts.to;
      let account;
      if (name.startsWith('user:')) {
        account = accounts.get(name) ?? {
          _id: name,
          balance: 0,
          earned: 0,
          withdrawable: 0,
          seq: 0,
          created_at: at,
        };
        const after = debit
          ? afterDebit(facts.kind, account, facts.amount)
          : afterCredit(facts.kind, account, facts.amount, withdrawableMoved);
        if (typeof after === 'string')
          throw new Error(`the plan overdraws ${name} (transfer ${facts._id}: ${after})`);
        if (debit) withdrawableMoved = after.withdrawableMoved;
        account.balance = after.balance;
        account.withdrawable = after.withdrawable;
        if (isEarning(facts.kind, side)) account.earned += facts.amount;
        account.seq += 1;
        account.updated_at = at;
        accounts.set(name, account);
      }
      const entry = {
        _id: account ? entryId(name, account.seq) : `sys:${facts._id}:${side}`,
        account: name,
        leg: `${facts._id}:${side}`,
        transfer_key: facts._id,
        transfer_id: facts.id,
        kind: facts.kind,
        side,
        delta: debit ? -facts.amount : facts.amount,
        counterparty: debit ? facts.to : facts.from,
        counterparty_name: (debit ? facts.meta.to_name : facts.meta.from_name) ?? '',
        memo: facts.memo,
        reason: facts.meta.reason ?? '',
        created_at: at,
        ...(account
          ? {
              seq: account.seq,
              balance_after: account.balance,
              earned_after: account.earned,
              withdrawable_after: account.withdrawable,
            }
          : {}),
      };
      entries.push(entry);
      legs[side] = account ? { entryId: entry._id, balanceAfter: account.balance } : { entryId: entry._id };
    }
    transfers.push({ ...facts, status: 'completed', legs, created_at: at });
  };
  community.transfers.forEach((planned, t) => {
    const recipient = community.members[planned.to];
    const at = new Date(planned.at);
    let facts;
    if (planned.kind === 'topup') {
      const pack = packageOf(planned.topUp, dist);
      facts = {
        kind: 'topup',
        from: 'card_topups',
        to: memberAccount(recipient.id),
        amount: pack.amountMicro,
        memo: `${topUpDescription(pack, dist)} for ${usd(pack.usdCents)}`,
        meta: {
          to_name: recipient.username,
          session_id: sessions[t],
          package_id: pack.id,
          usd_cents: String(pack.usdCents),
          user_id: recipient.id,
        },
      };
    } else {
      const sender = community.members[planned.from];
      facts = {
        kind: planned.kind,
        from: memberAccount(sender.id),
        to: memberAccount(recipient.id),
        amount: planned.amountMicro,
        memo: planned.note.trim(),
        meta: { from_name: sender.username, to_name: recipient.username },
      };
    }
    const { kind, from, to, amount, memo } = facts;
    post(
      {
        _id: keys[t],
        id: ids[t],
        ...facts,
        fingerprint: dist.ids.sha256(JSON.stringify([kind, from, to, amount, memo])),
      },
      at,
    );
  });
  return { transfers, entries, accounts: [...accounts.values()] };
}

/**
 * The ledger key and public id of each planned transfer, as economy makes them: a member's send is
 * `m:<sender>:<sha256(Idempotency-Key)[0..40]>` (payments.service requestKey), a card top-up
 * `topup:<checkout session id>` (topups/top-up-credit topUpKey); the public id is uuidFrom(`transfer:<key>`)
 * (ledger). Computed once per community: social's explore tips, messaging's notifications and
 * admin's distributions name transfers by this id.
 */
export function transferIds(community) {
  if (community.transferIds) return community.transferIds;
  const { uuidFrom } = serviceModules(service, { ids: sources.ids }).ids;
  const keys = [];
  const ids = [];
  const sessions = [];
  community.transfers.forEach((transfer, index) => {
    const session = transfer.kind === 'topup' ? `cs_test_scale_${community.profile}_${index}` : '';
    const key =
      transfer.kind === 'topup'
        ? `topup:${session}`
        : `m:${community.members[transfer.from].id}:${sha256(`scale-${community.profile}-${index}`).slice(0, 40)}`;
    keys.push(key);
    ids.push(uuidFrom(`transfer:${key}`));
    sessions.push(session);
  });
  community.transferIds = { keys, ids, sessions };
  return community.transferIds;
}
