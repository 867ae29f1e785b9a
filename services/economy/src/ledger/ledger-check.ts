import { GaugeSources, LOGGER } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Ledger } from './ledger';
import { LedgerReport, verifyLedger } from './ledger-verifier';

/** How often the service checks its ledger (verifyLedger reads every entry: minutes, not seconds). */
export const LEDGER_CHECK_EVERY_MS = 5 * 60_000;

let last: LedgerReport | undefined;

const gauge = (name: string, description: string, value: (report: LedgerReport) => number) =>
  new GaugeSources(name, { description }).add((result) => {
    if (last) result.observe(value(last));
  });

let registered = false;

/**
 * The gauges of the last ledger check (Prometheus names): aura_ledger_members_total_micro,
 * aura_ledger_sum_micro (0 when balanced), aura_ledger_check_ok (1/0), aura_ledger_check_mismatches.
 * Absent until the first check of the process.
 */
function registerGauges(): void {
  if (registered) return;
  registered = true;
  gauge(
    'aura.ledger.members_total_micro',
    'Micro-AC held by members, at the last ledger check.',
    (r) => r.membersTotalMicro,
  );
  gauge(
    'aura.ledger.sum_micro',
    'Sum of every account at the last ledger check (0 when balanced).',
    (r) => r.sumMicro,
  );
  gauge('aura.ledger.check_ok', '1 when the last ledger check found nothing wrong, else 0.', (r) =>
    r.ok ? 1 : 0,
  );
  gauge(
    'aura.ledger.check_mismatches',
    'Mismatches the last ledger check reported (at most 100).',
    (r) => r.mismatches.length,
  );
}

/** Publishes a report (of the periodic check or of an admin's on-demand VerifyLedger) to the gauges. */
export function recordLedgerReport(report: LedgerReport, logger?: Logger): void {
  registerGauges();
  last = report;
  if (!report.ok)
    logger?.error(
      { mismatches: report.mismatches.slice(0, 10), sumMicro: report.sumMicro },
      'ledger check failed',
    );
}

/** The periodic ledger check: one at a time, off the request path (MaintenanceSweeper runs it). */
@Injectable()
export class LedgerCheck {
  private running?: Promise<LedgerReport>;

  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  run(): Promise<LedgerReport> {
    this.running ??= verifyLedger(this.ledger.store)
      .then((report) => {
        recordLedgerReport(report, this.logger);
        return report;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
