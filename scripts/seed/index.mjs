// The demo data of `npm start`, seeded through the public API so it follows every rule a member
// meets. Each step is idempotent; later issues add their own steps (posts, follows, wallets...).
import { seedMembers } from './members.mjs';

export async function seed(baseUrl) {
  const sessions = await seedMembers(baseUrl);
  return { members: sessions.map((session) => session.user.username) };
}
