import { InvalidInput } from '@aura/platform';
import type { TransactionView } from '../wallet/wallet.service';
import { MONTH_MESSAGE, signedUsd, statementFigures, statementPeriod } from './statement-rules';

const NOW = new Date('2026-11-29T02:30:00.000Z');

const movement = (amountMicro: number, createdAt: string): TransactionView => ({
  id: `t${amountMicro}`,
  description: 'x',
  transactionType: amountMicro < 0 ? 'spending' : 'earning',
  amountMicro,
  createdAt,
  kind: 'tip',
  counterpartyId: '',
  counterpartyUsername: '',
  memo: '',
  balanceAfterMicro: -1,
});

describe('statementPeriod', () => {
  it('is the UTC calendar month, in progress while it is not over', () => {
    expect(statementPeriod('2026-11', NOW)).toEqual({
      month: '2026-11',
      start: new Date('2026-11-01T00:00:00.000Z'),
      end: new Date('2026-12-01T00:00:00.000Z'),
      inProgress: true,
    });
    expect(statementPeriod('2025-12', NOW)).toMatchObject({
      end: new Date('2026-01-01T00:00:00.000Z'),
      inProgress: false,
    });
    expect(statementPeriod('2024-02', NOW).end).toEqual(new Date('2024-03-01T00:00:00.000Z'));
  });

  it.each(['', '2026-13', '2026-00', '2026-1', '202611', '2026-11-01', ' 2026-11', '2026-12', '2019-12'])(
    'refuses %j with the message',
    (month) => {
      expect(() => statementPeriod(month, NOW)).toThrow(new InvalidInput(MONTH_MESSAGE));
    },
  );
});

describe('statementFigures', () => {
  it('runs the balance from the opening one, so the closing balance is opening + movements', () => {
    const price = (day: string) => (day === '2026-11-02' ? 2_000_000 : 1_000_000);
    const figures = statementFigures(
      5_000_000,
      [movement(1_500_000, '2026-11-01T10:00:00.000Z'), movement(-2_250_000, '2026-11-02T10:00:00.000Z')],
      price,
    );
    expect(figures.lines.map((line) => line.transaction.balanceAfterMicro)).toEqual([6_500_000, 4_250_000]);
    expect(figures).toMatchObject({
      openingBalanceMicro: 5_000_000,
      closingBalanceMicro: 4_250_000,
      totalInMicro: 1_500_000,
      totalOutMicro: -2_250_000,
      totalInUsdMicro: 1_500_000,
      totalOutUsdMicro: -4_500_000,
    });
    expect(figures.lines[1]).toMatchObject({ priceMicroUsd: 2_000_000, amountUsdMicro: -4_500_000 });
  });

  it('is the opening balance alone without movements', () => {
    expect(statementFigures(7, [], () => 1_000_000)).toMatchObject({
      closingBalanceMicro: 7,
      lines: [],
      totalInMicro: 0,
      totalOutMicro: 0,
    });
  });
});

describe('signedUsd', () => {
  it('values the amount and keeps its sign, truncating toward zero', () => {
    expect(signedUsd(1, 1_500_000)).toBe(1);
    expect(signedUsd(-1, 1_500_000)).toBe(-1);
    expect(signedUsd(-3, 333_333)).toBe(-0);
    expect(signedUsd(-3_000_000, 1_234_567)).toBe(-3_703_701);
  });
});
