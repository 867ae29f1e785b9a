import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MediaClient } from '../clients/media.client';
import { ApiMissing, ApiRule, ApiSignedIn } from '../common/api-docs';
import { openDownload } from '../media/download-stream';
import { RateLimit } from '../rate-limit/rate-limit';
import { DataExportListResponse, DataExportResponse, toDataExportResponse } from './data-export.dto';
import { RequestDeadline } from '../common/request-deadline';
import { DOWNLOAD_DEADLINE_MS } from '../clients/media.client';

/**
 * A member's copy of their data (issue 21 §5, docs/data-export.md): media builds the ZIP in the
 * background from every service's part; the app polls the list for progress and is notified when ready.
 */
@ApiTags('account')
@SignedIn()
@Controller('account/exports')
export class DataExportController {
  constructor(private readonly media: MediaClient) {}

  @Post()
  @HttpCode(202)
  @RateLimit('account-security')
  @ApiSignedIn()
  @ApiAcceptedResponse({ type: DataExportResponse, description: 'Queued; poll GET /api/account/exports' })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description: '"Your data export is already being prepared."',
  })
  @ApiResponse({
    status: 429,
    type: ErrorResponse,
    description: '"You can export your data 3 times a day. Try again tomorrow."',
  })
  async request(@CurrentCaller() caller: AuthenticatedCaller): Promise<DataExportResponse> {
    return toDataExportResponse(await this.media.requestDataExport(caller));
  }

  @Get()
  @ApiSignedIn()
  @ApiOkResponse({ type: DataExportListResponse })
  async list(@CurrentCaller() caller: AuthenticatedCaller): Promise<DataExportListResponse> {
    const { exports } = await this.media.listDataExports(caller);
    return { exports: exports.map(toDataExportResponse) };
  }

  @Get(':id/download')
  @RequestDeadline(DOWNLOAD_DEADLINE_MS)
  @ApiSignedIn()
  @ApiParam({ name: 'id', description: 'An export of the caller' })
  @ApiProduces('application/zip')
  @ApiResponse({ status: 200, description: 'The ZIP', schema: { type: 'string', format: 'binary' } })
  @ApiRule('"This export is not ready to download."')
  @ApiMissing('"Export not found" (also for anyone else\'s export)')
  async download(
    @Param('id') id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { info, body } = await openDownload(this.media.downloadDataExport(caller, id));
    const day = new Date().toISOString().slice(0, 10);
    void reply.header('content-type', 'application/zip');
    void reply.header('content-length', String(info.size));
    void reply.header('content-disposition', `attachment; filename="aura-data-${day}.zip"`);
    void reply.header('cache-control', 'private, no-store');
    void reply.header('x-content-type-options', 'nosniff');
    void reply.status(200).send(body);
  }
}
