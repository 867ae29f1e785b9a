import { ApiError } from '../../api/errors';
import {
  availableUntil,
  DATA_EXPORT_POLL_MS,
  dataExportFailure,
  DataExportMessages,
  earlierStatus,
  formatFileSize,
  isInProgress,
  pollInterval,
  progressText,
  readyDetails,
  shortDateTime,
  stepText,
  zipFileName,
  type DataExport,
} from './data-export';

const base: DataExport = {
  id: 'e1',
  status: 'queued',
  progress: 0,
  step: '',
  requested_at: '2026-11-28T14:05:00.000Z',
  finished_at: null,
  expires_at: null,
  size: null,
  download_url: null,
};

describe('data export', () => {
  it('polls only while the newest export is queued or being built', () => {
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval([base])).toBe(DATA_EXPORT_POLL_MS);
    expect(pollInterval([{ ...base, status: 'building' }])).toBe(DATA_EXPORT_POLL_MS);
    for (const status of ['ready', 'failed', 'expired'] as const)
      expect(
        pollInterval([
          { ...base, status },
          { ...base, id: 'older', status: 'building' },
        ]),
      ).toBe(false);
    expect(isInProgress(null)).toBe(false);
  });

  it('reads the progress and the step', () => {
    expect(progressText({ progress: 40 })).toBe('Preparing your data… 40%');
    expect(progressText({ progress: 140 })).toBe('Preparing your data… 100%');
    expect(progressText({ progress: Number.NaN })).toBe('Preparing your data… 0%');
    expect(stepText({ status: 'queued', step: '' })).toBe('Waiting to start');
    expect(stepText({ status: 'building', step: '' })).toBe('Getting started');
    expect(stepText({ status: 'building', step: 'Messages' })).toBe('Gathering messages');
    expect(stepText({ status: 'building', step: 'Wallet history' })).toBe('Gathering wallet history');
    expect(stepText({ status: 'building', step: 'Check-ins' })).toBe('Gathering check-ins');
    expect(stepText({ status: 'building', step: 'Finishing' })).toBe('Finishing up');
  });

  it('gives sizes in bytes, KB, MB and GB', () => {
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(14 * 1024)).toBe('14 KB');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1.2 MB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(3.44 * 1024 ** 3)).toBe('3.4 GB');
  });

  it('says until when a ready export can be downloaded', () => {
    const ready = {
      ...base,
      status: 'ready' as const,
      size: 1.2 * 1024 * 1024,
      expires_at: '2026-12-05T10:00:00Z',
    };
    expect(availableUntil(ready, 'UTC')).toBe('Available until 5 December 2026');
    expect(readyDetails(ready, 'UTC')).toBe('1.2 MB · Available until 5 December 2026');
    expect(availableUntil(base)).toBe('');
    expect(earlierStatus(ready)).toBe('Ready · 1.2 MB');
    expect(earlierStatus({ ...base, status: 'building' })).toBe('Preparing');
    expect(earlierStatus({ ...base, status: 'expired' })).toBe('Expired');
    expect(shortDateTime(base.requested_at, 'UTC')).toBe('28 Nov 2026, 14:05');
  });

  it("explains a refusal in the server's words", () => {
    const busy = 'Your data export is already being prepared.';
    expect(dataExportFailure(ApiError.fromResponse(409, { detail: busy }), 'x')).toBe(busy);
    const limit = 'You can export your data 3 times a day. Try again tomorrow.';
    expect(dataExportFailure(ApiError.fromResponse(429, { detail: limit }), 'x')).toBe(limit);
    expect(dataExportFailure(ApiError.fromResponse(503, { detail: 'Media is unavailable' }), 'x')).toBe(
      'Media is unavailable',
    );
    expect(dataExportFailure(ApiError.fromResponse(500, {}), 'x')).toBe(
      'Server error. Our team has been notified. Please try again later.',
    );
    expect(dataExportFailure(new Error('boom'), DataExportMessages.requestFailed)).toBe(
      DataExportMessages.requestFailed,
    );
  });

  it("saves the ZIP under the server's name, else aura-data-<day>.zip", () => {
    const now = new Date(2026, 10, 28, 12);
    expect(zipFileName('attachment; filename="aura-data-2026-11-27.zip"', now)).toBe(
      'aura-data-2026-11-27.zip',
    );
    expect(zipFileName(null, now)).toBe('aura-data-2026-11-28.zip');
    expect(zipFileName('attachment', now)).toBe('aura-data-2026-11-28.zip');
  });
});
