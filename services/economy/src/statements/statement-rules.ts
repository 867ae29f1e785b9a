import { InvalidInput } from '@aura/platform';
import { microUsdOf } from '../money/micro';
import type { TransactionView } from '../wallet/wallet.service';

export const MONTH_MESSAGE = 'month must be a month in the form YYYY-MM, not after the current one';

/** The first month a statement can be asked for (before it, nothing was ever recorded). */
const FIRST_YEAR = 2020;

/** A statement's period: one UTC calendar month, [start, end). */
export interface StatementPeriod {
  month: string;
  start: Date;
  end: Date;
  /** The month is not over at `now`: its closing balance is the balance now. */
  inProgress: boolean;
}

/** "YYYY-MM" → its period; a malformed month, or one after the current one, is refused. */
export function statementPeriod(month: string, now: Date): StatementPeriod {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month ?? '');
  if (!match) throw new InvalidInput(MONTH_MESSAGE);
  const [year, index] = [Number(match[1]), Number(match[2]) - 1];
  const start = new Date(Date.UTC(year, index, 1));
  const end = new Date(Date.UTC(year, index + 1, 1));
  if (year < FIRST_YEAR || start > now) throw new InvalidInput(MONTH_MESSAGE);
  return { month, start, end, inProgress: end > now };
}

export const utcDay = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

/** The UTC day before the one `at` falls in. */
export const dayBefore = (at: Date) => utcDay(new Date(at.getTime() - 24 * 3600_000));

export interface StatementLineView {
  transaction: TransactionView;
  priceMicroUsd: number;
  amountUsdMicro: number;
}

export interface StatementFigures {
  openingBalanceMicro: number;
  closingBalanceMicro: number;
  totalInMicro: number;
  totalOutMicro: number;
  totalInUsdMicro: number;
  totalOutUsdMicro: number;
  lines: StatementLineView[];
}

/**
 * The statement's lines and totals from the opening balance and the month's movements, in the order
 * they were applied: each line's balance after is the opening balance plus every movement up to it,
 * so the closing balance is the opening balance plus the movements by construction. Money stays in
 * integer micro-AC; each movement's USD is at its day's price (`priceOfDay`), rounded toward zero.
 */
export function statementFigures(
  openingBalanceMicro: number,
  movements: readonly TransactionView[],
  priceOfDay: (day: string) => number,
): StatementFigures {
  let balance = openingBalanceMicro;
  const totals = { in: 0, out: 0, inUsd: 0, outUsd: 0 };
  const lines = movements.map((movement) => {
    balance += movement.amountMicro;
    const priceMicroUsd = priceOfDay(utcDay(movement.createdAt));
    const amountUsdMicro = signedUsd(movement.amountMicro, priceMicroUsd);
    if (movement.amountMicro >= 0) {
      totals.in += movement.amountMicro;
      totals.inUsd += amountUsdMicro;
    } else {
      totals.out += movement.amountMicro;
      totals.outUsd += amountUsdMicro;
    }
    return { transaction: { ...movement, balanceAfterMicro: balance }, priceMicroUsd, amountUsdMicro };
  });
  return {
    openingBalanceMicro,
    closingBalanceMicro: balance,
    totalInMicro: totals.in,
    totalOutMicro: totals.out,
    totalInUsdMicro: totals.inUsd,
    totalOutUsdMicro: totals.outUsd,
    lines,
  };
}

/** micro-AC at a price, in micro-USD, the sign kept (the amount is valued, then signed). */
export function signedUsd(amountMicro: number, priceMicroUsd: number): number {
  const usd = microUsdOf(Math.abs(amountMicro), priceMicroUsd);
  return amountMicro < 0 ? -usd : usd;
}
