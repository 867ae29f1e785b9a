// The Wallet's monthly statements (issue 23 §8): a month (the current one and the 11 before it, UTC),
// its summary — opening balance, money in, money out, closing balance, in AC with the USD beside each,
// "so far" while the month is not over, and how many movements — and the statement as CSV or PDF,
// fetched through the API client (the bearer token) and saved as the server names it.
import { useId, useMemo, useState } from 'react';
import { MICRO_PER_AC, moneyFailureMessage } from '../../../api/money';
import { formatAC } from '../../../ui/format';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { useStatement, useStatementDownload } from '../hooks/useStatements';
import {
  closingLabel,
  formatStatementUSD,
  monthLabel,
  movementsText,
  statementMonths,
  StatementTexts,
  type StatementFormat,
} from '../statements';
import type { Statement } from '../types';
import { formatSignedAC } from '../wallet';
import { FormError } from './FormParts';
import styles from './Wallet.module.css';

const FORMATS: readonly StatementFormat[] = ['csv', 'pdf'];

/** The exact figure (micro-AC) as AC, for the app's truncated 3-decimal display. */
const acOf = (micro: number) => micro / MICRO_PER_AC;

export function StatementsSection() {
  const months = useMemo(() => statementMonths(), []);
  const [month, setMonth] = useState(months[0]!.value);
  const statement = useStatement(month);
  const download = useStatementDownload();
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const selectId = useId();

  const pick = (value: string) => {
    setMonth(value);
    setProblem(null);
  };
  const save = (format: StatementFormat) => {
    if (download.isPending) return;
    setProblem(null);
    download.mutate(
      { month, format },
      { onError: (error) => setProblem(moneyFailureMessage(error, StatementTexts.downloadFailed)) },
    );
  };
  const downloading = (format: StatementFormat) =>
    download.isPending && download.variables?.format === format && download.variables.month === month;

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.statementsHead}>
        <h3 id={titleId} className={styles.sectionTitle}>
          {StatementTexts.title}
        </h3>
        <div className={styles.monthField}>
          <label className={styles.label} htmlFor={selectId}>
            {StatementTexts.monthLabel}
          </label>
          <select
            id={selectId}
            className={`${styles.select} ${styles.monthSelect}`}
            value={month}
            onChange={(event) => pick(event.target.value)}
          >
            {months.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {statement.data ? (
        <StatementSummary statement={statement.data} />
      ) : statement.isError ? (
        <div className={`card ${styles.statement}`}>
          <p className={styles.error} role="alert">
            {StatementTexts.loadFailed}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={statement.isFetching}
              aria-busy={statement.isFetching}
              onClick={() => void statement.refetch()}
            >
              {statement.isFetching ? <Spinner /> : null}
              Try again
            </button>
          </div>
        </div>
      ) : (
        <div className={`card ${styles.statement}`} role="status" aria-label={StatementTexts.loading}>
          <Skeleton width="45%" height={20} />
          <div className={styles.figures}>
            <Skeleton height={64} />
            <Skeleton height={64} />
            <Skeleton height={64} />
            <Skeleton height={64} />
          </div>
        </div>
      )}

      <FormError error={problem} />
      <div className={styles.statementActions}>
        {FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="btn btn-ghost"
            disabled={download.isPending}
            aria-busy={downloading(format)}
            onClick={() => save(format)}
          >
            {downloading(format) ? <Spinner /> : <Icon name="download" size={16} />}
            {StatementTexts.download(format)}
          </button>
        ))}
      </div>
    </section>
  );
}

function StatementSummary({ statement }: { statement: Statement }) {
  const count = statement.lines.length;
  const label = monthLabel(statement.month);
  return (
    <section className={`card ${styles.statement}`} aria-label={`Statement for ${label}`}>
      <div className={styles.statementTop}>
        <p className={styles.statementMonth}>
          {label}
          {statement.in_progress ? <span className={styles.statementBadge}>In progress</span> : null}
        </p>
        <p className={styles.muted} data-testid="statement-movements">
          {count === 0 ? StatementTexts.empty(statement.month) : movementsText(count, statement.in_progress)}
        </p>
      </div>
      <dl className={styles.figures}>
        <Figure
          label="Opening balance"
          ac={formatAC(acOf(statement.opening_balance_micro), 3)}
          usd={formatStatementUSD(statement.opening_balance_usd)}
          testId="statement-opening"
        />
        {count > 0 ? (
          <>
            <Figure
              label="Money in"
              ac={formatSignedAC(acOf(statement.total_in_micro))}
              usd={formatStatementUSD(statement.total_in_usd, true)}
              sign={statement.total_in_micro > 0 ? 'in' : 'none'}
              testId="statement-in"
            />
            <Figure
              label="Money out"
              ac={formatSignedAC(acOf(statement.total_out_micro))}
              usd={formatStatementUSD(statement.total_out_usd, true)}
              sign={statement.total_out_micro < 0 ? 'out' : 'none'}
              testId="statement-out"
            />
          </>
        ) : null}
        <Figure
          label={closingLabel(statement.in_progress)}
          ac={formatAC(acOf(statement.closing_balance_micro), 3)}
          usd={formatStatementUSD(statement.closing_balance_usd)}
          testId="statement-closing"
        />
      </dl>
    </section>
  );
}

function Figure({
  label,
  ac,
  usd,
  sign = 'none',
  testId,
}: {
  label: string;
  ac: string;
  usd: string;
  sign?: 'in' | 'out' | 'none';
  testId: string;
}) {
  return (
    <div className={styles.figure}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.figureValue} data-sign={sign} data-testid={testId}>
        {ac}
      </dd>
      <dd className={styles.statSub}>≈ {usd} USD</dd>
    </div>
  );
}
