import type { media } from '@aura/proto';
import { ApiProperty } from '@nestjs/swagger';

const STATUSES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;

export class DataExportResponse {
  @ApiProperty({ example: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' }) id!: string;
  @ApiProperty({ enum: STATUSES, description: 'queued → building → ready (or failed); ready → expired' })
  status!: (typeof STATUSES)[number];
  @ApiProperty({ minimum: 0, maximum: 100, example: 40 }) progress!: number;
  @ApiProperty({ example: 'Messages', description: 'What is being gathered now (empty when not building)' })
  step!: string;
  @ApiProperty({ format: 'date-time' }) requested_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finished_at!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the ZIP is deleted' })
  expires_at!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'The ZIP size in bytes (ready exports)' })
  size!: number | null;
  @ApiProperty({ nullable: true, type: String, example: '/api/account/exports/1b9d…/download' })
  download_url!: string | null;
}

export class DataExportListResponse {
  @ApiProperty({ type: [DataExportResponse], description: 'The last five, newest first' })
  exports!: DataExportResponse[];
}

export function toDataExportResponse(item: media.DataExport): DataExportResponse {
  const ready = item.status === 'ready';
  return {
    id: item.id,
    status: item.status as DataExportResponse['status'],
    progress: item.progress,
    step: item.step,
    requested_at: item.requestedAt,
    finished_at: item.finishedAt || null,
    expires_at: item.expiresAt || null,
    size: ready ? Number(item.size) : null,
    download_url: ready ? `/api/account/exports/${item.id}/download` : null,
  };
}
