// Monthly statements in the Wallet (issue 23 §8): the months a member can pick, their labels, and the
// texts of the Statements section. A month is a UTC calendar month, "YYYY-MM", as the server names it
// (GET /api/wallet/statements/{month}, its /csv and /pdf).
// Pure module (no DOM, no Vite): unit-tested under node.
import { dispositionFileName } from '../../api/content-disposition';
import { truncateDecimals } from '../../ui/format';

/** The current month and the 11 before it. */
export const STATEMENT_MONTHS = 12;

export type StatementFormat = 'csv' | 'pdf';

export interface StatementMonth {
  /** "2026-11" */
  value: string;
  /** "November 2026" */
  label: string;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The UTC month `at` falls in, as "YYYY-MM". */
export function monthOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "2026-11" → "November 2026"; anything else is given back as it is. */
export function monthLabel(month: string): string {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return month;
  return `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}`;
}

/** The months a statement can be asked for, newest first: the current UTC month and the 11 before it. */
export function statementMonths(now: Date = new Date(), count: number = STATEMENT_MONTHS): StatementMonth[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, back) => {
    const value = monthOf(new Date(Date.UTC(year, month - back, 1)));
    return { value, label: monthLabel(value) };
  });
}

/** "3 movements", "1 movement", and "so far" while the month is not over. */
export function movementsText(count: number, inProgress: boolean): string {
  const text = `${count} ${count === 1 ? 'movement' : 'movements'}`;
  return inProgress ? `${text} so far` : text;
}

/** The closing balance's label: the balance now while the month is not over (as in the CSV and PDF). */
export const closingLabel = (inProgress: boolean) =>
  inProgress ? 'Closing balance (so far)' : 'Closing balance';

/** "$12.620", "+$10.200", "-$2.550": USD with the app's 3 decimals; `signed` puts + before an amount in. */
export function formatStatementUSD(value: number, signed = false): string {
  const sign = value < 0 ? '-' : signed && value > 0 ? '+' : '';
  return `${sign}$${truncateDecimals(Math.abs(value), 3)}`;
}

/**
 * The name the file is saved under: the server's (Content-Disposition), when it is a file of that
 * format; else aura-statement-YYYY-MM.csv|pdf.
 */
export function statementFileName(
  contentDisposition: string | null | undefined,
  month: string,
  format: StatementFormat,
): string {
  const named = dispositionFileName(contentDisposition);
  return named?.toLowerCase().endsWith(`.${format}`) ? named : `aura-statement-${month}.${format}`;
}

export const StatementTexts = {
  title: 'Statements',
  monthLabel: 'Month',
  loading: 'Loading the statement',
  loadFailed: 'The statement could not be loaded.',
  downloadFailed: 'The statement could not be downloaded. Please try again.',
  empty: (month: string) => `No movements in ${monthLabel(month)}`,
  download: (format: StatementFormat) => `Download ${format.toUpperCase()}`,
} as const;
