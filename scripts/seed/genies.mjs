// Demo genie collections, through the API exactly as members buy and open bottles (after the wallets
// step). Each collector gets a one-time "Genie starter allowance" from the super admin (an adjustment
// through the ledger, fixed Idempotency-Key) covering the bottles, buys them (fixed Idempotency-Key),
// reveals them (the rarity is drawn by the server), features one and nicknames it; luna gives one of
// hers to kai. Idempotent: a member who already has genies or bottles gets no allowance and buys
// nothing, a featured genie is kept, and kai's received gift is not sent twice — a second run moves
// no money.
import { call, ok, superAdminToken } from './http.mjs';

/** [member, bottles, nickname of the featured genie]. */
const COLLECTORS = [
  ['luna', 3, 'Moonbeam'],
  ['sage', 2, 'Stillwater'],
  ['orion', 1, 'Launchpad'],
  ['nova', 1, ''],
];

export async function seedGenies(baseUrl, sessions) {
  const byName = new Map(sessions.map((session) => [session.user.username, session]));
  const member = (name) => {
    const session = byName.get(name);
    if (!session) throw new Error(`seeding genies: no demo member ${name}`);
    return session;
  };
  const admin = await superAdminToken(baseUrl);
  let bottlesBought = 0;
  let revealed = 0;
  let gifts = 0;

  for (const [name, bottles, nickname] of COLLECTORS) {
    const session = member(name);
    const token = session.access_token;
    const collection = await ok(baseUrl, 'GET', '/genies/collection', token);
    const shop = await ok(baseUrl, 'GET', '/genies/bottles', token);
    if (collection.length === 0 && shop.bottles_owned === 0) {
      await ok(
        baseUrl,
        'POST',
        `/admin/wallets/${session.user.id}/adjust`,
        admin,
        { amount: shop.price * bottles, reason: 'Genie starter allowance' },
        { 'idempotency-key': `demo-genies-allowance-${name}` },
      );
      const bought = await call(
        baseUrl,
        'POST',
        '/genies/purchase-bottle',
        token,
        { quantity: bottles },
        {
          'idempotency-key': `demo-genies-bottles-${name}`,
        },
      );
      if (bought.status >= 300)
        throw new Error(
          `seeding genie bottles for ${name} failed: ${bought.status} ${JSON.stringify(bought.body)}`,
        );
      bottlesBought += bottles;
    }
    for (let left = (await ok(baseUrl, 'GET', '/genies/bottles', token)).bottles_owned; left > 0; left -= 1) {
      await ok(baseUrl, 'POST', '/genies/reveal-bottle', token);
      revealed += 1;
    }
    const genies = await ok(baseUrl, 'GET', '/genies/collection', token);
    if (genies.length > 0 && !genies.some((genie) => genie.is_featured)) {
      // The rarest is the one to show.
      const order = ['general', 'common', 'uncommon', 'rare', 'legendary', 'cosmic'];
      const best = [...genies].sort((a, b) => order.indexOf(b.rarity) - order.indexOf(a.rarity))[0];
      if (nickname) await ok(baseUrl, 'PUT', `/genies/${best.id}/nickname`, token, { nickname });
      await ok(baseUrl, 'POST', `/genies/${best.id}/set-featured`, token);
    }
  }

  // A gift: one of luna's unfeatured genies to kai, once.
  const kai = member('kai');
  const luna = member('luna');
  const kaiGenies = await ok(baseUrl, 'GET', '/genies/collection', kai.access_token);
  if (!kaiGenies.some((genie) => genie.received_as_gift)) {
    const spare = (await ok(baseUrl, 'GET', '/genies/collection', luna.access_token)).find(
      (genie) => !genie.is_featured && !genie.received_as_gift,
    );
    if (spare) {
      await ok(baseUrl, 'POST', `/genies/${spare.id}/send`, luna.access_token, {
        recipient_username: 'kai',
        message: 'A little companion for your first week on Aura ✨',
      });
      gifts += 1;
    }
  }
  return { genieBottlesBought: bottlesBought, geniesRevealed: revealed, genieGifts: gifts };
}
