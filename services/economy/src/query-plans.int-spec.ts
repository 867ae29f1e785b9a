// Every query economy runs on a request path (or every minute) is served by an index: the plans the
// MongoDB server chooses, read with explain.
import { explainFind, servedByIndex } from '@aura/platform';
import type { mongo } from 'mongoose';
import { Harness, objectId, startEconomy } from '../test/harness';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('plans', { relay: false });
});

afterAll(async () => {
  await h?.stop();
});

const collection = (name: string) => h.runtime.mongo.collection(name) as unknown as mongo.Collection;
const user = objectId();
const since = new Date(Date.now() - 86400_000);

const queries: [string, string, mongo.Filter<mongo.Document>, { sort?: mongo.Sort; limit?: number }][] = [
  [
    'a member’s history, a page',
    'entries',
    { account: `user:${user}`, seq: { $lt: 40 } },
    { sort: { seq: -1 }, limit: 21 },
  ],
  [
    'a member’s history oldest first, a page of the data export',
    'entries',
    { account: `user:${user}`, seq: { $gt: 40 } },
    { sort: { seq: 1 }, limit: 501 },
  ],
  ['a transfer’s leg', 'entries', { leg: 'm:x:debit' }, {}],
  // The daily limit's spending today (Ledger.spentSince reads newest first and stops at the day's start).
  [
    'a member’s entries newest first',
    'entries',
    { account: `user:${user}` },
    { sort: { seq: -1 }, limit: 200 },
  ],
  ['a member’s withdrawals', 'withdrawals', { user_id: user }, { sort: { created_at: -1 }, limit: 500 }],
  ['withdrawals of a status', 'withdrawals', { status: 'pending' }, { sort: { created_at: -1 }, limit: 100 }],
  ['every withdrawal', 'withdrawals', {}, { sort: { created_at: -1 }, limit: 100 }],
  ['a member’s items', 'marketplace_owned', { user_id: user }, { sort: { purchased_at: -1 } }],
  ['a member’s applied items', 'marketplace_applied', { user_id: user }, {}],
  ['the catalogue', 'marketplace_items', {}, { sort: { position: 1 } }],
  ['a member’s checkout sessions', 'checkout_sessions', { user_id: user }, { sort: { created_at: -1 } }],
  ['a subscription’s member', 'superaura', { subscription_id: 'sub_x' }, {}],
  [
    'market facts recorded in a minute',
    'market_facts',
    { recorded_at: { $gt: since, $lte: new Date() } },
    {},
  ],
  ['market facts of the last day', 'market_facts', { at: { $gte: since } }, {}],
  ['price history', 'market_snapshots', { at: { $gte: since } }, {}],
];

it.each(queries)('%s is served by an index', async (_what, name, filter, options) => {
  expect(servedByIndex(await explainFind(collection(name), filter, options))).toBe(true);
});
