import { csvCell } from '@aura/platform';
import type { economy } from '@aura/proto';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { microToAc } from '../common/amounts';
import { toTransaction } from './economy.mappers';
import type { StatementResponse } from './statements.dto';

// A member's monthly statement as the API answers it (JSON), as CSV and as PDF. Every figure comes
// from economy's Statement, which is produced from the ledger (docs/statements.md); nothing here adds
// anything up except the PDF's page layout.

/** micro-units as a fixed-point decimal string, truncated toward zero: (12_500_000, 6) → "12.500000". */
export function fixedMicro(micro: number, decimals: number): string {
  const abs = BigInt(Math.abs(micro));
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').slice(0, decimals);
  const text = decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
  return micro < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** micro-USD rounded to cents (half away from zero), as a number of dollars. */
export function usdOfMicro(micro: number): number {
  const cents = Math.round(Math.abs(micro) / 10_000);
  return (micro < 0 ? -cents : cents) / 100;
}

/** micro-USD as dollars and cents: "12.62", "-2.55". */
const usdText = (micro: number) => usdOfMicro(micro).toFixed(2);

export function toStatementResponse(statement: economy.Statement): StatementResponse {
  return {
    month: statement.month,
    period_start: statement.periodStart,
    period_end: statement.periodEnd,
    in_progress: statement.inProgress,
    member: { id: statement.userId, username: statement.username },
    opening_balance: microToAc(statement.openingBalanceMicro),
    opening_balance_micro: statement.openingBalanceMicro,
    closing_balance: microToAc(statement.closingBalanceMicro),
    closing_balance_micro: statement.closingBalanceMicro,
    total_in: microToAc(statement.totalInMicro),
    total_in_micro: statement.totalInMicro,
    total_out: microToAc(statement.totalOutMicro),
    total_out_micro: statement.totalOutMicro,
    opening_price_usd: microToAc(statement.openingPriceMicroUsd, 6),
    closing_price_usd: microToAc(statement.closingPriceMicroUsd, 6),
    opening_balance_usd: usdOfMicro(statement.openingBalanceUsdMicro),
    closing_balance_usd: usdOfMicro(statement.closingBalanceUsdMicro),
    total_in_usd: usdOfMicro(statement.totalInUsdMicro),
    total_out_usd: usdOfMicro(statement.totalOutUsdMicro),
    lines: statement.lines.map((line) => ({
      ...toTransaction(line.transaction!),
      price_usd: microToAc(line.priceMicroUsd, 6),
      amount_usd: usdOfMicro(line.amountUsdMicro),
    })),
    generated_at: statement.generatedAt,
  };
}

export const statementFileName = (statement: economy.Statement, extension: 'csv' | 'pdf') =>
  `aura-statement-${statement.month}.${extension}`;

const CSV_COLUMNS = [
  'date',
  'description',
  'type',
  'counterparty',
  'memo',
  'amount_ac',
  'balance_ac',
  'price_usd',
  'amount_usd',
] as const;

/** A number as the CSV writes it: safe as it is (a leading '-' is a sign, not a formula). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The statement as one CSV table (RFC 4180, formula-safe cells): the opening balance as the first row,
 * every movement with the balance after it (the other member by username), the closing balance as the
 * last row. AC with all six decimals, so the rows add up exactly; USD in cents at each day's price.
 */
export function statementCsv(statement: economy.Statement): string {
  const cell = (text: string) => (DECIMAL.test(text) ? text : csvCell(text));
  const row = (cells: Record<(typeof CSV_COLUMNS)[number], string>) =>
    CSV_COLUMNS.map((column) => cell(cells[column])).join(',');
  const lastDay = new Date(new Date(statement.periodEnd).getTime() - 1).toISOString().slice(0, 10);
  const rows = [
    CSV_COLUMNS.join(','),
    row({
      date: statement.periodStart.slice(0, 10),
      description: 'Opening balance',
      type: 'balance',
      counterparty: '',
      memo: '',
      amount_ac: '',
      balance_ac: fixedMicro(statement.openingBalanceMicro, 6),
      price_usd: fixedMicro(statement.openingPriceMicroUsd, 6),
      amount_usd: usdText(statement.openingBalanceUsdMicro),
    }),
    ...statement.lines.map(({ transaction, priceMicroUsd, amountUsdMicro }) =>
      row({
        date: transaction!.createdAt,
        description: transaction!.description,
        type: transaction!.transactionType,
        counterparty: transaction!.counterpartyUsername,
        memo: transaction!.memo,
        amount_ac: fixedMicro(transaction!.amountMicro, 6),
        balance_ac: fixedMicro(transaction!.balanceAfterMicro, 6),
        price_usd: fixedMicro(priceMicroUsd, 6),
        amount_usd: usdText(amountUsdMicro),
      }),
    ),
    row({
      date: statement.inProgress ? statement.generatedAt : lastDay,
      description: statement.inProgress ? 'Closing balance (so far)' : 'Closing balance',
      type: 'balance',
      counterparty: '',
      memo: '',
      amount_ac: '',
      balance_ac: fixedMicro(statement.closingBalanceMicro, 6),
      price_usd: fixedMicro(statement.closingPriceMicroUsd, 6),
      amount_usd: usdText(statement.closingBalanceUsdMicro),
    }),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

const MONTH_NAMES = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`): the PDF's standard Helvetica writes only Windows-1252, and a
 * statement carries members' names and memos in any script. Characters it lacks (emoji) show as a box.
 */
const fontFile = (name: string) => createRequire(__filename).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONTS = { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };

/** Dollars with the sign in front: "$12.50", "-$30.30". */
const dollars = (micro: number) => (micro < 0 ? `-$${usdText(-micro)}` : `$${usdText(micro)}`);

/** The PDF's page: A4 portrait, 50 pt margins; the table's columns (x, width, alignment). */
const PAGE = { margin: 50, width: 595.28, height: 841.89 };
const COLUMNS = [
  { key: 'date', title: 'Date (UTC)', x: 50, width: 62, align: 'left' },
  { key: 'description', title: 'Description', x: 114, width: 180, align: 'left' },
  { key: 'amount', title: 'Amount (AC)', x: 296, width: 72, align: 'right' },
  { key: 'balance', title: 'Balance (AC)', x: 370, width: 72, align: 'right' },
  { key: 'usd', title: 'USD', x: 444, width: 50, align: 'right' },
  { key: 'price', title: 'Price', x: 496, width: 49, align: 'right' },
] as const;
type Cells = Record<(typeof COLUMNS)[number]['key'], string>;

/**
 * The statement as a PDF (pdfkit, DejaVu Sans embedded as subsets): a heading with the member and
 * the period, the summary (opening, in, out, closing; AC and USD), and the table of movements over as
 * many pages as it needs, its header repeated on each.
 */
export function statementPdf(statement: economy.Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `Aura statement ${statement.month}`, Author: 'Aura', Subject: 'AuraCoin statement' },
  });
  doc.registerFont('Body', FONTS.regular);
  doc.registerFont('Bold', FONTS.bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const monthName = MONTH_NAMES.format(new Date(statement.periodStart));
  doc.font('Bold').fontSize(18).text('Aura — AuraCoin statement');
  doc.moveDown(0.3).font('Body').fontSize(11);
  doc.text(`${monthName}${statement.inProgress ? ' (in progress)' : ''}`);
  doc.text(`Member: @${statement.username || statement.userId}`);
  doc.text(`Generated: ${statement.generatedAt.replace('T', ' ').slice(0, 16)} UTC`);
  doc.moveDown(0.8);

  const summary: [string, string, string][] = [
    [
      'Opening balance',
      `${fixedMicro(statement.openingBalanceMicro, 6)} AC`,
      dollars(statement.openingBalanceUsdMicro),
    ],
    ['Money in', `${fixedMicro(statement.totalInMicro, 6)} AC`, dollars(statement.totalInUsdMicro)],
    ['Money out', `${fixedMicro(statement.totalOutMicro, 6)} AC`, dollars(statement.totalOutUsdMicro)],
    [
      statement.inProgress ? 'Closing balance (so far)' : 'Closing balance',
      `${fixedMicro(statement.closingBalanceMicro, 6)} AC`,
      dollars(statement.closingBalanceUsdMicro),
    ],
  ];
  for (const [label, ac, usd] of summary) {
    const y = doc.y;
    doc.font('Bold').text(label, 50, y, { width: 180 });
    doc.font('Body').text(ac, 230, y, { width: 140, align: 'right' });
    doc.text(usd, 380, y, { width: 100, align: 'right' });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.4).fontSize(8).fillColor('#555');
  doc.text(
    'USD at the coin’s price on each movement’s day (the day’s close; today, the current price). ' +
      'The balances are the ledger’s: opening balance + movements = closing balance.',
    50,
    doc.y,
    { width: 495 },
  );
  doc.fillColor('#000').moveDown(0.8);

  const drawRow = (cells: Cells, bold = false) => {
    const font = () => doc.font(bold ? 'Bold' : 'Body').fontSize(8);
    font();
    const height = Math.max(
      ...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: column.width })),
    );
    if (doc.y + height > PAGE.height - PAGE.margin) {
      doc.addPage();
      if (!bold) drawRow(HEADER, true);
      font();
    }
    const y = doc.y;
    for (const column of COLUMNS)
      doc.text(cells[column.key], column.x, y, { width: column.width, align: column.align });
    doc.y = y + height + 3;
  };
  const HEADER = Object.fromEntries(COLUMNS.map((column) => [column.key, column.title])) as Cells;
  drawRow(HEADER, true);
  if (statement.lines.length === 0) drawRow({ ...blankCells(), description: 'No movements this month' });
  for (const { transaction, priceMicroUsd, amountUsdMicro } of statement.lines)
    drawRow({
      date: transaction!.createdAt.slice(0, 10),
      description: transaction!.memo
        ? `${transaction!.description} — “${transaction!.memo}”`
        : transaction!.description,
      amount: fixedMicro(transaction!.amountMicro, 6),
      balance: fixedMicro(transaction!.balanceAfterMicro, 6),
      usd: usdText(amountUsdMicro),
      price: fixedMicro(priceMicroUsd, 4),
    });
  doc.end();
  return done;
}

const blankCells = (): Cells => ({ date: '', description: '', amount: '', balance: '', usd: '', price: '' });
