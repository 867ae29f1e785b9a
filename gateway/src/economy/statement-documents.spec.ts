import type { economy } from '@aura/proto';
import {
  fixedMicro,
  statementCsv,
  statementPdf,
  toStatementResponse,
  usdOfMicro,
} from './statement-documents';

const line = (amountMicro: number, balanceAfterMicro: number, memo = ''): economy.StatementLine => ({
  transaction: {
    id: `t${balanceAfterMicro}`,
    description: amountMicro < 0 ? 'Energy sent to @luna' : 'Energy received from @sol',
    transactionType: amountMicro < 0 ? 'transfer' : 'earning',
    amountMicro,
    createdAt: '2026-10-05T09:30:00.000Z',
    kind: 'tip',
    counterpartyId: 'abc',
    counterpartyUsername: amountMicro < 0 ? 'luna' : 'sol',
    memo,
    balanceAfterMicro,
  },
  priceMicroUsd: 1_250_000,
  amountUsdMicro: Math.trunc((amountMicro * 1_250_000) / 1_000_000),
});

const STATEMENT: economy.Statement = {
  userId: 'abc',
  username: 'nova',
  month: '2026-10',
  periodStart: '2026-10-01T00:00:00.000Z',
  periodEnd: '2026-11-01T00:00:00.000Z',
  inProgress: false,
  openingBalanceMicro: 10_000_000,
  closingBalanceMicro: 9_000_500,
  totalInMicro: 500,
  totalOutMicro: -1_000_000,
  openingPriceMicroUsd: 1_100_000,
  closingPriceMicroUsd: 1_300_000,
  openingBalanceUsdMicro: 11_000_000,
  closingBalanceUsdMicro: 11_700_650,
  totalInUsdMicro: 625,
  totalOutUsdMicro: -1_250_000,
  lines: [line(-1_000_000, 9_000_000, '=HYPERLINK("x")'), line(500, 9_000_500)],
  generatedAt: '2026-11-29T02:00:00.000Z',
};

describe('fixedMicro and usdOfMicro', () => {
  it('writes micro-units with fixed decimals, truncated toward zero', () => {
    expect(fixedMicro(12_500_000, 6)).toBe('12.500000');
    expect(fixedMicro(-1_000, 6)).toBe('-0.001000');
    expect(fixedMicro(-1_000, 2)).toBe('0.00');
    expect(fixedMicro(1_234_567, 4)).toBe('1.2345');
    expect(fixedMicro(0, 6)).toBe('0.000000');
  });

  it('rounds micro-USD to cents, half away from zero', () => {
    expect(usdOfMicro(11_700_650)).toBe(11.7);
    expect(usdOfMicro(5_000)).toBe(0.01);
    expect(usdOfMicro(-5_000)).toBe(-0.01);
    expect(usdOfMicro(-1_250_000)).toBe(-1.25);
  });
});

describe('the statement as JSON', () => {
  it('gives AC, exact micro-AC and USD, and each line as the wallet history shows it', () => {
    const response = toStatementResponse(STATEMENT);
    expect(response).toMatchObject({
      month: '2026-10',
      member: { id: 'abc', username: 'nova' },
      opening_balance: 10,
      opening_balance_micro: 10_000_000,
      closing_balance_micro: 9_000_500,
      total_out: -1,
      opening_price_usd: 1.1,
      closing_balance_usd: 11.7,
    });
    expect(response.lines[0]).toMatchObject({
      amount_micro: -1_000_000,
      balance_after: 9,
      counterparty: { id: 'abc', username: 'luna' },
      price_usd: 1.25,
      amount_usd: -1.25,
    });
  });
});

describe('the statement as CSV', () => {
  it('is one table from the opening balance to the closing one, exact in AC, formula-safe', () => {
    const rows = statementCsv(STATEMENT).trimEnd().split('\r\n');
    expect(rows).toEqual([
      'date,description,type,counterparty,memo,amount_ac,balance_ac,price_usd,amount_usd',
      '2026-10-01,Opening balance,balance,,,,10.000000,1.100000,11.00',
      `2026-10-05T09:30:00.000Z,Energy sent to @luna,transfer,luna,"'=HYPERLINK(""x"")",-1.000000,9.000000,1.250000,-1.25`,
      '2026-10-05T09:30:00.000Z,Energy received from @sol,earning,sol,,0.000500,9.000500,1.250000,0.00',
      '2026-10-31,Closing balance,balance,,,,9.000500,1.300000,11.70',
    ]);
  });

  it('says "so far" for a month in progress, dated when it was made', () => {
    const rows = statementCsv({ ...STATEMENT, inProgress: true, lines: [] })
      .trimEnd()
      .split('\r\n');
    expect(rows.at(-1)).toBe(
      '2026-11-29T02:00:00.000Z,Closing balance (so far),balance,,,,9.000500,1.300000,11.70',
    );
  });
});

describe('the statement as PDF', () => {
  it('is a PDF document, over several pages for a long month', async () => {
    const short = await statementPdf(STATEMENT);
    expect(short.subarray(0, 5).toString()).toBe('%PDF-');
    const many = Array.from({ length: 200 }, (_, k) => line(-1_000, 10_000_000 - (k + 1) * 1_000));
    const long = await statementPdf({ ...STATEMENT, lines: many });
    const pages = (long.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThan(1);
  });

  it('says so when the month has no movements', async () => {
    const empty = await statementPdf({ ...STATEMENT, lines: [] });
    expect(empty.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
