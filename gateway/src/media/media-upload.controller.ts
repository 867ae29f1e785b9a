import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { media } from '@aura/proto';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MediaClient } from '../clients/media.client';
import { MediaUploadResponse, UPLOAD_BODY_SCHEMA } from './media.dto';
import { uploadRequestFile } from './uploads';
import { RateLimit } from '../rate-limit/rate-limit';
import { RequestDeadline } from '../common/request-deadline';
import { UPLOAD_DEADLINE_MS } from '../clients/media.client';

@ApiTags('media')
@SignedIn()
@Controller('media')
export class MediaUploadController {
  constructor(private readonly media: MediaClient) {}

  @Post('upload')
  @RequestDeadline(UPLOAD_DEADLINE_MS)
  @RateLimit('uploads')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_BODY_SCHEMA })
  @ApiOkResponse({
    type: MediaUploadResponse,
    description: 'Stored: an image (re-encoded, metadata stripped), a video or an audio file, up to 50 MB',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'Refused, e.g. "Unsupported media type" or "File content does not match its type"',
  })
  @ApiResponse({ status: 401, type: ErrorResponse })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'No multipart field `file`' })
  async upload(
    @Req() request: FastifyRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MediaUploadResponse> {
    const stored = await uploadRequestFile(
      this.media,
      request,
      caller,
      media.MediaPurpose.MEDIA_PURPOSE_POST,
    );
    return {
      file_url: stored.url,
      file_type: stored.fileType as MediaUploadResponse['file_type'],
      filename: stored.filename,
      variants: stored.variants ?? {},
    };
  }
}
