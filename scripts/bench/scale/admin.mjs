// Admin's documents of the community: the dashboard's read model (services/admin/src/dashboard/
// read-model.repository.ts) as its consumer leaves it: members with their registration and last
// activity, one content record per post, and the card top-ups as revenue and as AC distributed to
// members.
import { insertAll, serviceModules } from './bulk.mjs';
import { transferIds } from './economy.mjs';
import { utcDay } from './plan.mjs';

export const service = 'admin';
/** The build modules this loader uses (a change of one reloads the data). */
export const sources = { readModel: 'dashboard/read-model.repository.js' };

export async function load(community, { connection }) {
  const model = new (serviceModules(service, sources).readModel.DashboardReadModel)(connection);
  const counts = {
    members: await insertAll(model.members, memberDocs(community)),
    content: await insertAll(model.content, contentDocs(community)),
    revenue: await insertAll(model.revenue, revenueDocs(community)),
    distributions: await insertAll(model.distributions, distributionDocs(community)),
  };
  // Builds the indexes and the running total of AC distributed (from the distributions above).
  await model.ensureIndexes();
  return counts;
}

function* memberDocs({ members, lastActive }) {
  for (const member of members)
    yield {
      _id: member.id,
      username: member.username,
      display_name: member.displayName,
      role: 'user',
      registered_at: new Date(member.createdAt),
      last_active_at: new Date(lastActive[member.index]),
    };
}

function* contentDocs({ posts }) {
  for (let p = 0; p < posts.count; p += 1)
    yield { _id: `post:${posts.id[p]}`, kind: 'post', day: utcDay(posts.at[p]) };
}

function* revenueDocs(community) {
  const { sessions } = transferIds(community);
  for (let t = 0; t < community.transfers.length; t += 1) {
    const { kind, topUp, at } = community.transfers[t];
    if (kind === 'topup') yield { _id: `topup:${sessions[t]}`, usd_cents: topUp.usdCents, at: new Date(at) };
  }
}

/** Top-ups are card_topups → member: AC distributed (tips and transfers are member to member). */
function* distributionDocs(community) {
  const { ids } = transferIds(community);
  for (let t = 0; t < community.transfers.length; t += 1) {
    const { kind, amountMicro, at } = community.transfers[t];
    if (kind === 'topup')
      yield { _id: ids[t], from: 'card_topups', amount_micro: amountMicro, at: new Date(at) };
  }
}
