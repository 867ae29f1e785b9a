// The demo data of `npm start`, seeded through the public API so it follows every rule a member
// meets. Each step is idempotent; later issues add their own steps (wallets, genies...).
import { seedGenies } from './genies.mjs';
import { seedMarketplace } from './marketplace.mjs';
import { seedMembers } from './members.mjs';
import { seedMessaging } from './messaging.mjs';
import { seedSocial } from './social.mjs';
import { seedSupport } from './support.mjs';
import { seedWallets } from './wallets.mjs';
import { seedWellness } from './wellness.mjs';

export async function seed(baseUrl) {
  const sessions = await seedMembers(baseUrl);
  const social = await seedSocial(baseUrl, sessions);
  const messaging = await seedMessaging(baseUrl, sessions);
  const wallets = await seedWallets(baseUrl, sessions);
  const marketplace = await seedMarketplace(baseUrl, sessions);
  const genies = await seedGenies(baseUrl, sessions);
  const wellness = await seedWellness(baseUrl, sessions);
  const support = await seedSupport(baseUrl, sessions);
  return {
    members: sessions.map((session) => session.user.username),
    ...social,
    ...messaging,
    ...wallets,
    ...marketplace,
    ...genies,
    ...wellness,
    ...support,
  };
}
