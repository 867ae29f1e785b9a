// Genies' documents of the community: its members projection (usernames for gifts, the SuperAura
// flag). The community owns no genies: a profile's featured genie is empty, as for a new member.
// Code: services/genies/src/members/members.repository.ts (MembersRepository, its index).
import { insertAll, serviceModules } from './bulk.mjs';

export const service = 'genies';
/** The build modules this loader uses (a change of one reloads the data). */
export const sources = { members: 'members/members.repository.js' };

export async function load(community, { connection }) {
  const repository = new (serviceModules(service, sources).members.MembersRepository)(connection);
  // Its index (not declared by a schema) before the documents, as insertAll does for the others.
  await repository.ensureIndexes();
  return { members: await insertAll(repository.collection, memberDocs(community)) };
}

/** As MembersRepository.upsert leaves a member after user.registered and user.profile_changed. */
function* memberDocs({ members }) {
  for (const member of members)
    yield {
      _id: member.id,
      username: member.username,
      username_lower: member.username.toLowerCase(),
      is_super_aura: false,
    };
}
