import {
  closingLabel,
  formatStatementUSD,
  monthLabel,
  monthOf,
  movementsText,
  statementFileName,
  statementMonths,
  StatementTexts,
} from './statements';

describe('statement months (issue 23 §8)', () => {
  it('names a month in words', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(monthLabel('2026-12')).toBe('December 2026');
    expect(monthLabel('2026-13')).toBe('2026-13');
    expect(monthLabel('Nov 2026')).toBe('Nov 2026');
  });

  it('takes the UTC month of an instant', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
  });

  it('lists the current month and the 11 before it, newest first, across the year', () => {
    const months = statementMonths(new Date('2026-11-29T02:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2026-11', label: 'November 2026' });
    expect(months[1]).toEqual({ value: '2026-10', label: 'October 2026' });
    expect(months[10]).toEqual({ value: '2026-01', label: 'January 2026' });
    expect(months[11]).toEqual({ value: '2025-12', label: 'December 2025' });
    expect(new Set(months.map((month) => month.value)).size).toBe(12);
  });

  it('counts months in UTC, whatever the day (no month skipped or repeated from the 31st)', () => {
    expect(statementMonths(new Date('2027-03-31T12:00:00Z'), 3).map((m) => m.value)).toEqual([
      '2027-03',
      '2027-02',
      '2027-01',
    ]);
    // Still November in UTC, whatever the browser's zone says.
    expect(statementMonths(new Date('2026-11-30T23:30:00Z'), 1)[0]!.value).toBe('2026-11');
    expect(statementMonths(new Date('2026-01-15T00:00:00Z'), 2).map((m) => m.label)).toEqual([
      'January 2026',
      'December 2025',
    ]);
  });
});

describe('statement texts', () => {
  it('counts the movements, "so far" while the month is not over', () => {
    expect(movementsText(1, false)).toBe('1 movement');
    expect(movementsText(3, false)).toBe('3 movements');
    expect(movementsText(2, true)).toBe('2 movements so far');
    expect(StatementTexts.empty('2026-10')).toBe('No movements in October 2026');
  });

  it('labels the closing balance as the CSV and PDF do', () => {
    expect(closingLabel(true)).toBe('Closing balance (so far)');
    expect(closingLabel(false)).toBe('Closing balance');
  });

  it('shows USD with 3 decimals, the sign before the dollar', () => {
    expect(formatStatementUSD(12.62)).toBe('$12.620');
    expect(formatStatementUSD(10.2, true)).toBe('+$10.200');
    expect(formatStatementUSD(-2.55, true)).toBe('-$2.550');
    expect(formatStatementUSD(-2.55)).toBe('-$2.550');
    expect(formatStatementUSD(0, true)).toBe('$0.000');
  });

  it('names the buttons', () => {
    expect(StatementTexts.download('csv')).toBe('Download CSV');
    expect(StatementTexts.download('pdf')).toBe('Download PDF');
  });
});

describe('statement file names', () => {
  it('saves under the server’s name', () => {
    expect(statementFileName('attachment; filename="aura-statement-2026-11.csv"', '2026-11', 'csv')).toBe(
      'aura-statement-2026-11.csv',
    );
    expect(statementFileName('attachment; filename="aura-statement-2026-10.pdf"', '2026-10', 'pdf')).toBe(
      'aura-statement-2026-10.pdf',
    );
  });

  it('falls back to aura-statement-YYYY-MM.<format> without a name, or with one of another kind', () => {
    expect(statementFileName(null, '2026-11', 'csv')).toBe('aura-statement-2026-11.csv');
    expect(statementFileName('attachment', '2026-11', 'pdf')).toBe('aura-statement-2026-11.pdf');
    expect(statementFileName('attachment; filename="report.exe"', '2026-11', 'pdf')).toBe(
      'aura-statement-2026-11.pdf',
    );
    expect(statementFileName('attachment; filename="../../x.csv"', '2026-11', 'csv')).toBe('x.csv');
  });
});
