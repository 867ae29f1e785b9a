// Demo marketplace purchases and applied items, through the API exactly as members buy (after the
// wallets step, from the AuraCoins the demo members bought). Idempotent: an item a member owns
// already is not bought again (and each purchase carries a fixed Idempotency-Key), and applying an
// applied item changes nothing, so a second run moves no money.
import { call, ok } from './http.mjs';

/** [member, item names to buy and apply]. Prices: Ocean Ring 30, Rising Star Badge 15, Sparkles 60, Elegant Serif 25. */
const PURCHASES = [
  ['luna', ['Ocean Ring', 'Rising Star Badge']],
  ['sage', ['Sparkles', 'Elegant Serif']],
];

export async function seedMarketplace(baseUrl, sessions) {
  const byName = new Map(sessions.map((session) => [session.user.username, session]));
  let purchases = 0;
  let applied = 0;
  for (const [name, itemNames] of PURCHASES) {
    const session = byName.get(name);
    if (!session) throw new Error(`seeding the marketplace: no demo member ${name}`);
    const token = session.access_token;
    const items = await ok(baseUrl, 'GET', '/marketplace/items', token);
    for (const itemName of itemNames) {
      const item = items.find((entry) => entry.name === itemName);
      if (!item) throw new Error(`seeding the marketplace: no item ${itemName}`);
      if (!item.is_owned) {
        const answer = await call(baseUrl, 'POST', `/marketplace/purchase/${item.id}`, token, undefined, {
          'idempotency-key': `demo-marketplace-${name}-${item.id}`,
        });
        // Another step (or an earlier run that crashed midway) may have spent the demo AC: report it
        // and go on; anything else is a real failure.
        if (answer.status === 400 && /Insufficient balance/.test(JSON.stringify(answer.body))) {
          console.warn(`seeding the marketplace: ${name} cannot afford ${itemName}; skipped`);
          continue;
        }
        if (answer.status >= 300)
          throw new Error(
            `seeding a purchase for ${name} failed: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        purchases += 1;
      }
      if (!item.is_active_on_profile) {
        await ok(baseUrl, 'POST', `/marketplace/items/${item.id}/apply`, token);
        applied += 1;
      }
    }
  }
  return { marketplacePurchases: purchases, marketplaceApplied: applied };
}
