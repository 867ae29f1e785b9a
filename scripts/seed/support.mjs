// Demo support tickets in every state, through the API: one open, one an admin answered (in
// progress), one answered and resolved. The super admin answers (AURA_SUPER_ADMIN_* from aura.env and
// the environment). Idempotent: a member's ticket is opened once (found again by its subject), and a
// ticket already answered or resolved is left as it is.
import { ok, superAdminToken } from './http.mjs';

/** [member, subject, message, priority, what the admin does]. */
const TICKETS = [
  [
    'luna',
    'Reflection streak not counting',
    'I wrote a reflection every day this week but my weekly count still says 3. Could you take a look?',
    'normal',
    'none',
  ],
  [
    'orion',
    'Withdrawal to PayPal',
    'How long does a withdrawal usually take to reach PayPal? I asked for one on Monday.',
    'high',
    'answer',
  ],
  [
    'kai',
    'Cannot upload a banner video',
    'My 20 MB mp4 banner upload fails with "Failed to upload media. Please try again."',
    'urgent',
    'resolve',
  ],
];

const ANSWERS = {
  answer:
    'Withdrawals are processed in 1 to 3 business days; yours is in the queue. We will let you know here.',
  resolve: 'Fixed: banner videos up to 25 MB upload again. Thanks for the report!',
};

export async function seedSupport(baseUrl, sessions) {
  const adminToken = await superAdminToken(baseUrl);
  const tokenOf = (name) => sessions.find((session) => session.user.username === name).access_token;
  for (const [name, subject, message, priority, action] of TICKETS) {
    const token = tokenOf(name);
    const mine = await ok(baseUrl, 'GET', '/support/tickets/user', token);
    const ticket =
      mine.find((t) => t.subject === subject) ??
      (await ok(baseUrl, 'POST', '/support/tickets', token, { subject, message, priority })).ticket;
    if (action === 'none' || ticket.responses.length > 0) continue;
    await ok(baseUrl, 'POST', `/admin/support/tickets/${ticket.id}/respond`, adminToken, {
      ticket_id: ticket.id,
      message: ANSWERS[action],
      is_admin_response: true,
    });
    if (action === 'resolve')
      await ok(baseUrl, 'PUT', `/admin/support/tickets/${ticket.id}/status?new_status=resolved`, adminToken);
  }
  return { supportTickets: TICKETS.length };
}
