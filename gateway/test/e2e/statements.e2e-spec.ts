// Monthly statements through the gateway (issue 23 §8, docs/statements.md): the JSON, CSV and PDF of
// a month, produced from the ledger, so the closing balance is the wallet's; who may read them; and
// every refused month answered with the rule's message.
import { closeEarnings, earn } from '@aura/platform/testing';
import { api, baseUrl, newMember } from './support/api';

interface Member {
  id: string;
  username: string;
  token: string;
}

async function signUp(prefix = 'stmt'): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, username: member.username, token: answer.body.access_token };
}

/** A download as the browser makes it: the raw answer, with the member's token. */
const download = (member: Member, path: string) =>
  fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${member.token}` } });

const MONTH_MESSAGE = 'month must be a month in the form YYYY-MM, not after the current one';
const thisMonth = new Date().toISOString().slice(0, 7);

let alice: Member, bob: Member;

beforeAll(async () => {
  [alice, bob] = [await signUp(), await signUp()];
  await earn(alice.id, 10);
  for (const [amount, message] of [
    [1.5, 'Loved your post ✨'],
    [0.25, '=1+1'],
  ] as const) {
    const sent = await api('POST', '/tips/send', {
      token: alice.token,
      body: { recipient_id: bob.id, amount, currency: 'AC', message },
    });
    expect(sent.status).toBe(200);
  }
});

afterAll(closeEarnings);

describe('GET /api/wallet/statements/{month}', () => {
  it('is the month from the ledger: opening + movements = closing = the wallet balance', async () => {
    const answer = await api('GET', `/wallet/statements/${thisMonth}`, { token: alice.token });
    expect(answer.status).toBe(200);
    const wallet = (await api('GET', '/wallet', { token: alice.token })).body;
    const statement = answer.body;
    expect(statement).toMatchObject({
      month: thisMonth,
      in_progress: true,
      member: { id: alice.id, username: alice.username },
      opening_balance_micro: 0,
      total_in_micro: 10_000_000,
      total_out_micro: -1_750_000,
      closing_balance_micro: wallet.aura_coin_balance_micro,
      closing_balance: 8.25,
    });
    expect(statement.lines.map((line: { amount_micro: number }) => line.amount_micro)).toEqual([
      10_000_000, -1_500_000, -250_000,
    ]);
    expect(statement.lines.at(-1)).toMatchObject({
      balance_after: 8.25,
      description: `Energy sent to @${bob.username}`,
      counterparty: { id: bob.id, username: bob.username },
      memo: '=1+1',
    });
    const sum = statement.lines.reduce(
      (total: number, line: { amount_micro: number }) => total + line.amount_micro,
      0,
    );
    expect(statement.opening_balance_micro + sum).toBe(statement.closing_balance_micro);
    expect(statement.closing_balance_usd).toBeCloseTo(8.25 * statement.closing_price_usd, 2);
  });

  it('shows the other side to the recipient', async () => {
    const answer = await api('GET', `/wallet/statements/${thisMonth}`, { token: bob.token });
    expect(answer.body).toMatchObject({ total_in_micro: 1_750_000, closing_balance_micro: 1_750_000 });
  });

  it('is empty for a month before any movement', async () => {
    const answer = await api('GET', '/wallet/statements/2025-01', { token: alice.token });
    expect(answer).toMatchObject({
      status: 200,
      body: { in_progress: false, opening_balance_micro: 0, closing_balance_micro: 0, lines: [] },
    });
  });

  it.each(['2026-13', '2026-1', 'latest', '2026-11-01', '0000-01', '9999-12'])(
    'refuses the month %j with the rule (422), for every format',
    async (month) => {
      for (const suffix of ['', '/csv', '/pdf'])
        expect(
          await api('GET', `/wallet/statements/${month}${suffix}`, { token: alice.token }),
        ).toMatchObject({
          status: 422,
          body: { detail: MONTH_MESSAGE },
        });
    },
  );

  it('needs a signed-in member, and is only ever the caller’s own', async () => {
    for (const suffix of ['', '/csv', '/pdf'])
      expect((await api('GET', `/wallet/statements/${thisMonth}${suffix}`)).status).toBe(401);
    // There is no way to name another member: the route reads the caller's wallet.
    const other = await api('GET', `/wallet/statements/${thisMonth}?user_id=${alice.id}`, {
      token: bob.token,
    });
    expect(other.body.member.id).toBe(bob.id);
  });
});

describe('the CSV and PDF downloads', () => {
  it('CSV: one table from the opening to the closing balance, formula-safe, an attachment', async () => {
    const response = await download(alice, `/wallet/statements/${thisMonth}/csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="aura-statement-${thisMonth}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const rows = (await response.text()).trimEnd().split('\r\n');
    expect(rows[0]).toBe('date,description,type,counterparty,memo,amount_ac,balance_ac,price_usd,amount_usd');
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-01,Opening balance,balance,,,,0\.000000,/);
    expect(rows).toHaveLength(6);
    expect(rows[4]).toContain(`,${bob.username},'=1+1,-0.250000,8.250000,`);
    expect(rows[5]).toMatch(/,Closing balance \(so far\),balance,,,,8\.250000,/);
  });

  it('PDF: a PDF attachment', async () => {
    const response = await download(alice, `/wallet/statements/${thisMonth}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="aura-statement-${thisMonth}.pdf"`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
