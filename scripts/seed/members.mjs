// Demo members. Idempotent: a member that exists is signed in, not created again.
import { call } from './http.mjs';

export const DEMO_PASSWORD = 'aura-demo-2026';

export const DEMO_MEMBERS = [
  { username: 'luna', display_name: 'Luna Vale', email: 'luna@demo.aura.local' },
  { username: 'orion', display_name: 'Orion Reyes', email: 'orion@demo.aura.local' },
  { username: 'sage', display_name: 'Sage Moreau', email: 'sage@demo.aura.local' },
  { username: 'nova', display_name: 'Nova Lin', email: 'nova@demo.aura.local' },
  { username: 'kai', display_name: 'Kai Okafor', email: 'kai@demo.aura.local' },
];

const post = (baseUrl, path, body) => call(baseUrl, 'POST', path, undefined, body);

/** Returns each member's session (access token and user), signing up the ones that are missing. */
export async function seedMembers(baseUrl) {
  const sessions = [];
  for (const member of DEMO_MEMBERS) {
    let result = await post(baseUrl, '/auth/login', { username: member.username, password: DEMO_PASSWORD });
    if (result.status === 401) {
      result = await post(baseUrl, '/auth/register', { ...member, password: DEMO_PASSWORD });
    }
    if (result.status !== 200 && result.status !== 201) {
      throw new Error(`seeding ${member.username} failed: ${result.status} ${JSON.stringify(result.body)}`);
    }
    sessions.push(result.body);
  }
  return sessions;
}
