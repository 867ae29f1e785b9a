import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MediaClient } from '../clients/media.client';
import { BannerDataUrlResponse } from './media.dto';

/** Served outside /api (see global-prefix.ts): the web app's fallback when a banner's HEAD is unclear. */
export const BANNER_DATA_URL_PATH = 'media/banners/:filename';

@ApiTags('media')
@Controller()
export class BannerDataUrlController {
  constructor(private readonly media: MediaClient) {}

  @Get(BANNER_DATA_URL_PATH)
  @Public()
  @ApiParam({ name: 'filename', example: '5f0c9a7e2b1d4c3a9e8f7a6b.jpg' })
  @ApiOkResponse({ type: BannerDataUrlResponse, description: 'The banner as a data: URL (no /api prefix)' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      'Only image banners of at most 2 MiB are answered as data URLs ("Unsupported media type", or too large: load the file)',
  })
  @ApiResponse({ status: 404, type: ErrorResponse })
  async dataUrl(@Param('filename') filename: string): Promise<BannerDataUrlResponse> {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(filename)) {
      throw new NotFoundException({ detail: 'File not found' });
    }
    const answer = await this.media.getBannerDataUrl(filename);
    return { data_url: answer.dataUrl };
  }
}
