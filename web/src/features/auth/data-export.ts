// Taking your data with you (issue 21 §5, docs/data-export.md): the texts of Settings → Privacy →
// "Your data", how an export's state reads, when the card polls, and the name the ZIP is saved under.
// Pure module: unit-tested under node.
import { ApiError } from '../../api/errors';
import { dispositionFileName } from '../../api/content-disposition';
import type { components } from '../../api/schema';

/** One export of the member (GET /api/account/exports lists the last five, newest first). */
export type DataExport = components['schemas']['DataExportResponse'];
export type DataExportStatus = DataExport['status'];

/** How often the card asks again while an export is being prepared. */
export const DATA_EXPORT_POLL_MS = 1_500;

export const DataExportMessages = {
  title: 'Your data',
  intro:
    'Download a copy of what you have shared on Aura: your profile, posts, comments, stories, follows, ' +
    'saved posts, messages, check-ins, reflections, wallet history, spending and notification settings ' +
    'and uploaded files, as JSON and CSV in one ZIP.',
  notify: 'We will notify you when it is ready. You can leave this screen meanwhile.',
  ready: 'Your data is ready',
  failed: 'We could not prepare your export. Please try again.',
  expired: 'Your last export has expired. Export your data again to download it.',
  loadFailed: 'Failed to load your data exports.',
  requestFailed: 'Failed to start your data export. Please try again.',
  downloadFailed: 'Failed to download your data. Please try again.',
} as const;

export const STATUS_LABELS: Record<DataExportStatus, string> = {
  queued: 'Preparing',
  building: 'Preparing',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
};

export const isInProgress = (item: Pick<DataExport, 'status'> | undefined | null): boolean =>
  item?.status === 'queued' || item?.status === 'building';

/** The card polls only while the newest export is queued or being built. */
export const pollInterval = (exports: readonly DataExport[] | undefined): number | false =>
  isInProgress(exports?.[0]) ? DATA_EXPORT_POLL_MS : false;

const clampPercent = (value: number) =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;

/** "Preparing your data… 40%". */
export const progressText = (item: Pick<DataExport, 'progress'>) =>
  `Preparing your data… ${clampPercent(item.progress)}%`;

/** What is being done now: "Gathering messages", "Finishing up"; "Waiting to start" while queued. */
export function stepText(item: Pick<DataExport, 'status' | 'step'>): string {
  const step = item.step.trim();
  if (item.status === 'queued' || (step === '' && item.status !== 'building')) return 'Waiting to start';
  if (step === '') return 'Getting started';
  if (step.toLowerCase() === 'finishing') return 'Finishing up';
  return `Gathering ${step.toLowerCase()}`;
}

/** "820 bytes", "14 KB", "1.2 MB", "3.4 GB" (powers of 1024, one decimal under 10). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // 1023.95 KB rounds to 1024: say 1 MB instead.
  if (shown >= 1024 && unit < units.length - 1) return `1 ${units[unit + 1]}`;
  return `${shown} ${units[unit]}`;
}

/** "5 December 2026", in the member's time zone. */
export function longDate(iso: string | null | undefined, timeZone?: string): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(time)) return '';
  return new Date(time).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  });
}

/** "28 Nov 2026, 14:05": when an earlier export was asked for. */
export function shortDateTime(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  return new Date(time).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
}

/** "Available until 5 December 2026" (a ready export is kept 7 days). */
export const availableUntil = (item: Pick<DataExport, 'expires_at'>, timeZone?: string) => {
  const date = longDate(item.expires_at, timeZone);
  return date ? `Available until ${date}` : '';
};

/** The line under "Your data is ready": "1.2 MB · Available until 5 December 2026". */
export const readyDetails = (item: Pick<DataExport, 'size' | 'expires_at'>, timeZone?: string) =>
  [formatFileSize(item.size), availableUntil(item, timeZone)].filter(Boolean).join(' · ');

/** An earlier export, compactly: its status, with the size when it can still be downloaded. */
export const earlierStatus = (item: Pick<DataExport, 'status' | 'size'>) =>
  item.status === 'ready' && item.size !== null
    ? `${STATUS_LABELS.ready} · ${formatFileSize(item.size)}`
    : STATUS_LABELS[item.status];

/**
 * A refused or failed call, in the server's words when it gave some ("Your data export is already being
 * prepared.", "You can export your data 3 times a day. Try again tomorrow."), else the catalogue's.
 */
export function dataExportFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status !== undefined && error.status !== 401 && error.detail) return error.detail;
  return error.userMessage || fallback;
}

/** The name the ZIP is saved under: the server's (Content-Disposition), else aura-data-<day>.zip. */
export function zipFileName(contentDisposition: string | null | undefined, now: Date = new Date()): string {
  const named = dispositionFileName(contentDisposition);
  if (named) return named;
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `aura-data-${day}.zip`;
}
