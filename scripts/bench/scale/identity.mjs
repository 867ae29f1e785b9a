// Identity's documents of the community: members (users, with the aura their likes earned), their
// profile visits, the aura log of every like received, and the days each member was active.
// Schemas: services/identity/src/users/user.schema.ts, visits/visit.schema.ts,
// aura/aura-log.schema.ts, wellness/wellness.schema.ts (wellness_days).
import { insertAll, mongoose, schemaDefaults, serviceModules } from './bulk.mjs';
import { utcDay } from './plan.mjs';

export const service = 'identity';
/** The build modules whose schemas this loader writes (a change of one reloads the data). */
export const sources = {
  users: 'users/user.schema.js',
  visits: 'visits/visit.schema.js',
  auraLog: 'aura/aura-log.schema.js',
  wellness: 'wellness/wellness.schema.js',
};

export async function load(community, { connection, passwordHash }) {
  const dist = serviceModules(service, sources);
  const users = connection.model('User', dist.users.userSchema);
  const visits = connection.model('ProfileVisit', dist.visits.profileVisitSchema);
  const auraLog = connection.model('AuraLog', dist.auraLog.auraLogSchema);
  const days = connection.model('WellnessDay', dist.wellness.wellnessDaySchema);
  const counts = {
    users: await insertAll(users, userDocs(community, schemaDefaults(users), passwordHash), {
      owner: service,
      model: users,
    }),
    profile_visits: await insertAll(visits, visitDocs(community), { owner: service, model: visits }),
    aura_log: await insertAll(auraLog, auraLogDocs(community), { owner: service, model: auraLog }),
    wellness_days: await insertAll(days, activeDayDocs(community), { owner: service, model: days }),
  };
  return counts;
}

function* userDocs({ members, aura }, defaults, passwordHash) {
  for (const member of members) {
    const createdAt = new Date(member.createdAt);
    yield {
      ...defaults,
      _id: new mongoose.Types.ObjectId(member.id),
      username: member.username,
      username_lower: member.username.toLowerCase(),
      email: `${member.username}@scale.aura.local`,
      email_lower: `${member.username}@scale.aura.local`.toLowerCase(),
      password_hash: passwordHash,
      display_name: member.displayName,
      display_name_lower: member.displayName.toLowerCase(),
      role: 'user',
      aura_score: aura.score[member.index],
      bio: member.bio,
      created_at: createdAt,
      updated_at: new Date(Math.max(member.profileEditedAt, aura.changedAt[member.index])),
    };
  }
}

function* visitDocs({ members, visits }) {
  for (const visit of visits) {
    const profile = members[visit.profile].id;
    const viewer = members[visit.viewer].id;
    const day = utcDay(visit.at);
    yield {
      _id: `${profile}:${viewer}:${day}`,
      profile_id: profile,
      viewer_id: viewer,
      day,
      at: new Date(visit.at),
    };
  }
}

/** aura_log: one entry per like received (identity's like_received), in the order they were applied. */
function* auraLogDocs({ members, posts, likes, aura }) {
  for (const k of aura.order) {
    const p = likes.post[k];
    const at = likes.at[k];
    const applied = aura.state[k] === 1;
    yield {
      _id: `like_received:${posts.id[p]}:${members[likes.member[k]].id}`,
      user_id: members[posts.author[p]].id,
      reason: 'like_received',
      requested: 1,
      delta: aura.applied[k],
      score_after: aura.scoreAfter[k],
      state: applied ? 'applied' : 'limited',
      day: utcDay(at),
      at: new Date(at),
    };
  }
}

/** wellness_days `active:<user>:<day>`: the days a member posted or liked (the engagement rate). */
function* activeDayDocs({ members, posts, likes }) {
  const first = new Map();
  const mark = (member, at) => {
    const id = `active:${members[member].id}:${utcDay(at)}`;
    if (!(first.get(id)?.at <= at)) first.set(id, { member, at });
  };
  for (let p = 0; p < posts.count; p += 1) mark(posts.author[p], posts.at[p]);
  for (let k = 0; k < likes.count; k += 1) mark(likes.member[k], likes.at[k]);
  for (const [id, { member, at }] of first)
    yield { _id: id, user_id: members[member].id, kind: 'active', day: utcDay(at), at: new Date(at) };
}
