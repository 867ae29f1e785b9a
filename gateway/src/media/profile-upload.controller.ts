import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { media } from '@aura/proto';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MediaClient } from '../clients/media.client';
import { BannerUploadResponse, ProfilePictureUploadResponse, UPLOAD_BODY_SCHEMA } from './media.dto';
import { uploadRequestFile } from './uploads';
import { RateLimit } from '../rate-limit/rate-limit';
import { RequestDeadline } from '../common/request-deadline';
import { UPLOAD_DEADLINE_MS } from '../clients/media.client';

/** The member's own picture and banner (the rest of /profile lives with the profile routes). */
@ApiTags('profile')
@SignedIn()
@Controller('profile')
export class ProfileUploadController {
  constructor(private readonly media: MediaClient) {}

  @Post('upload-picture')
  @RequestDeadline(UPLOAD_DEADLINE_MS)
  @RateLimit('uploads')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_BODY_SCHEMA })
  @ApiOkResponse({ type: ProfilePictureUploadResponse, description: 'The new profile picture' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: '"Please select an image file" or "Image too large. Maximum size is 5MB"',
  })
  @ApiResponse({ status: 401, type: ErrorResponse })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'No multipart field `file`' })
  async uploadPicture(
    @Req() request: FastifyRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ProfilePictureUploadResponse> {
    const stored = await uploadRequestFile(
      this.media,
      request,
      caller,
      media.MediaPurpose.MEDIA_PURPOSE_PROFILE_PICTURE,
    );
    return { profile_picture_url: stored.url };
  }

  @Post('upload-banner')
  @RequestDeadline(UPLOAD_DEADLINE_MS)
  @RateLimit('uploads')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_BODY_SCHEMA })
  @ApiOkResponse({
    type: BannerUploadResponse,
    description: 'The new banner (an image or a video, up to 25 MB)',
  })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Not an image or video, or too large' })
  @ApiResponse({ status: 401, type: ErrorResponse })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'No multipart field `file`' })
  async uploadBanner(
    @Req() request: FastifyRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<BannerUploadResponse> {
    const stored = await uploadRequestFile(
      this.media,
      request,
      caller,
      media.MediaPurpose.MEDIA_PURPOSE_BANNER,
    );
    return { banner_url: stored.url };
  }
}
