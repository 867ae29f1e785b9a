import type { Readable } from 'node:stream';
import { Controller, Get, Head, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { media } from '@aura/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MediaClient } from '../clients/media.client';
import { openDownload, OpenedDownload } from './download-stream';
import { etagMatches, httpDate, parseRange, quoteEtag } from './ranges';
import { RequestDeadline } from '../common/request-deadline';
import { DOWNLOAD_DEADLINE_MS } from '../clients/media.client';

export const MEDIA_COLLECTIONS = ['posts', 'profiles', 'banners', 'messages'] as const;
type Collection = (typeof MEDIA_COLLECTIONS)[number];
/** Stored names are ids with an extension; anything else cannot exist. */
const FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** Posts, profiles and banners are stored under content-unique names: they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface FileQuery {
  expires?: string;
  sig?: string;
}

const fileDocs = [
  ApiParam({ name: 'collection', enum: MEDIA_COLLECTIONS }),
  ApiParam({ name: 'file', example: '5f0c9a7e2b1d4c3a9e8f7a6b.jpg' }),
  ApiQuery({
    name: 'expires',
    required: false,
    description: 'messages: expiry (unix seconds) of the signed URL',
  }),
  ApiQuery({ name: 'sig', required: false, description: 'messages: signature of the URL' }),
  ApiHeader({
    name: 'range',
    required: false,
    description: 'One byte range: bytes=a-b, bytes=a- or bytes=-n',
  }),
  ApiHeader({ name: 'if-none-match', required: false }),
  ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' }),
  ApiResponse({
    status: 403,
    type: ErrorResponse,
    description: 'A message attachment without a valid signature',
  }),
  ApiResponse({ status: 404, type: ErrorResponse }),
];

function applyAll(decorators: MethodDecorator[]): MethodDecorator {
  return (target, key, descriptor) => {
    for (const decorator of decorators) decorator(target, key, descriptor);
  };
}

/**
 * Serves stored files to <img>, <video> and <audio>: streamed from media (never held whole), with
 * byte ranges for seeking, validators for caching, and HEAD for the banner type check. Public: the
 * names are unguessable ids, and message attachments need their signed, expiring URL.
 */
@ApiTags('media')
@Controller('media')
export class MediaFilesController {
  constructor(private readonly media: MediaClient) {}

  // Declared before GET so that Fastify does not make its own HEAD route out of the GET one.
  @Head(':collection/:file')
  @Public()
  @applyAll(fileDocs)
  @ApiResponse({
    status: 200,
    description: 'The headers a GET would answer (content type, size, validators)',
  })
  async head(
    @Param('collection') collection: string,
    @Param('file') file: string,
    @Query() query: FileQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const target = this.target(collection, file, query);
    const info = await this.media.stat({ ...target, rangeStart: -1, rangeEnd: -1 });
    this.writeValidators(reply, target.collection, info, query);
    if (etagMatches(request.headers['if-none-match'], quoteEtag(info.etag))) {
      await reply.status(304).send();
      return;
    }
    void reply.header('content-type', info.contentType || 'application/octet-stream');
    void reply.header('content-length', String(info.size));
    await reply.status(200).send();
  }

  @Get(':collection/:file')
  @RequestDeadline(DOWNLOAD_DEADLINE_MS)
  @Public()
  @applyAll(fileDocs)
  @ApiProduces('image/*', 'video/*', 'audio/*')
  @ApiResponse({ status: 200, description: 'The file', schema: { type: 'string', format: 'binary' } })
  @ApiResponse({ status: 206, description: 'The asked byte range (Content-Range)' })
  @ApiResponse({ status: 416, description: 'Range not satisfiable (Content-Range: bytes */size)' })
  async get(
    @Param('collection') collection: string,
    @Param('file') file: string,
    @Query() query: FileQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const target = this.target(collection, file, query);
    const range = request.headers.range;
    const ifNoneMatch = request.headers['if-none-match'];

    if (!range && !ifNoneMatch) {
      // The usual fetch: one call, whose first message says what the object is.
      const { info, body } = await this.open({ ...target, rangeStart: -1, rangeEnd: -1 });
      this.writeValidators(reply, target.collection, info, query);
      this.writeBody(reply, 200, info.contentType, info.size, body);
      return;
    }

    const info = await this.media.stat({ ...target, rangeStart: -1, rangeEnd: -1 });
    this.writeValidators(reply, target.collection, info, query);
    if (etagMatches(ifNoneMatch, quoteEtag(info.etag))) {
      await reply.status(304).send();
      return;
    }
    const asked = parseRange(range, info.size);
    if (asked.kind === 'unsatisfiable') {
      void reply.header('content-range', `bytes */${info.size}`);
      await reply.status(416).send({ detail: 'Requested range not satisfiable' });
      return;
    }
    if (asked.kind === 'whole') {
      const { body } = await this.open({ ...target, rangeStart: -1, rangeEnd: -1 });
      this.writeBody(reply, 200, info.contentType, info.size, body);
      return;
    }
    const { body } = await this.open({ ...target, rangeStart: asked.start, rangeEnd: asked.end });
    void reply.header('content-range', `bytes ${asked.start}-${asked.end}/${info.size}`);
    this.writeBody(reply, 206, info.contentType, asked.end - asked.start + 1, body);
  }

  private target(collection: string, file: string, query: FileQuery) {
    if (!(MEDIA_COLLECTIONS as readonly string[]).includes(collection) || !FILENAME.test(file)) {
      throw new NotFoundException({ detail: 'File not found' });
    }
    return {
      collection: collection as Collection,
      filename: file,
      expires: typeof query.expires === 'string' ? query.expires : '',
      signature: typeof query.sig === 'string' ? query.sig : '',
    };
  }

  private open(request: media.DownloadRequest): Promise<OpenedDownload> {
    return openDownload(this.media.download(request));
  }

  private writeValidators(
    reply: FastifyReply,
    collection: Collection,
    info: media.MediaInfo,
    query: FileQuery,
  ) {
    const etag = quoteEtag(info.etag);
    const lastModified = httpDate(info.lastModified);
    if (etag) void reply.header('etag', etag);
    if (lastModified) void reply.header('last-modified', lastModified);
    void reply.header('accept-ranges', 'bytes');
    void reply.header('x-content-type-options', 'nosniff');
    if (collection === 'messages') {
      const expires = Number(query.expires);
      const left = Number.isFinite(expires) ? Math.max(0, Math.floor(expires - Date.now() / 1000)) : 0;
      void reply.header('cache-control', `private, max-age=${left}`);
    } else {
      void reply.header('cache-control', IMMUTABLE);
    }
  }

  private writeBody(
    reply: FastifyReply,
    status: number,
    contentType: string,
    length: number,
    body: Readable,
  ) {
    void reply.header('content-type', contentType || 'application/octet-stream');
    void reply.header('content-length', String(length));
    void reply.status(status).send(body);
  }
}
