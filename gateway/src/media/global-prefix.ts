import { RequestMethod } from '@nestjs/common';
import type { GlobalPrefixOptions, RouteInfo } from '@nestjs/common/interfaces';
import { BANNER_DATA_URL_PATH } from './banner-data-url.controller';

/**
 * Everything is under /api except what the spec puts elsewhere: GET /media/banners/{filename}
 * (the banner as a data: URL). Used by main.ts and by whatever builds the OpenAPI document.
 */
export const API_PREFIX = 'api';
export const API_PREFIX_OPTIONS: GlobalPrefixOptions<string | RouteInfo> = {
  exclude: [{ path: BANNER_DATA_URL_PATH, method: RequestMethod.GET }],
};
