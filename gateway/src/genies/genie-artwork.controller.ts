import { Controller, Get, Head, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { GeniesClient } from '../clients/genies.client';
import { etagMatches, quoteEtag } from '../media/ranges';

const FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.svg$/;
/** The artwork of a genie never changes under its name (a new drawing gets a new genie id). */
const CACHE = 'public, max-age=86400';

/**
 * The genies' artwork, served beside the other media (docs/adr/0008-genies.md): the genies service
 * keeps the SVGs in the media bucket under genies/ and hands them over by name. Public, like the
 * other images; the static `genies` segment wins over media's `:collection`.
 */
@ApiTags('media')
@Controller('media/genies')
export class GenieArtworkController {
  constructor(private readonly genies: GeniesClient) {}

  // Declared before GET so that Fastify does not make its own HEAD route out of the GET one.
  @Head(':file')
  @Public()
  @ApiParam({ name: 'file', example: '3f1c2b7a-1d2e-4c5b-9a8f-0e1d2c3b4a59.svg' })
  @ApiResponse({ status: 200, description: 'The headers a GET would answer' })
  @ApiResponse({ status: 404, type: ErrorResponse })
  async head(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(file, request, reply, false);
  }

  @Get(':file')
  @Public()
  @ApiParam({ name: 'file', example: '3f1c2b7a-1d2e-4c5b-9a8f-0e1d2c3b4a59.svg' })
  @ApiProduces('image/svg+xml')
  @ApiResponse({ status: 200, description: 'The SVG', schema: { type: 'string', format: 'binary' } })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' })
  @ApiResponse({ status: 404, type: ErrorResponse })
  async get(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(file, request, reply, true);
  }

  private async answer(file: string, request: FastifyRequest, reply: FastifyReply, withBody: boolean) {
    if (!FILE.test(file ?? '')) throw new NotFoundException({ detail: 'File not found' });
    const artwork = await this.genies.getArtwork(file);
    const etag = quoteEtag(artwork.etag);
    if (etag) void reply.header('etag', etag);
    void reply.header('cache-control', CACHE);
    void reply.header('x-content-type-options', 'nosniff');
    // An SVG may carry script: never run it, whatever opens the URL.
    void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (etagMatches(request.headers['if-none-match'], etag)) {
      await reply.status(304).send();
      return;
    }
    void reply.header('content-type', artwork.contentType || 'image/svg+xml');
    void reply.header('content-length', String(artwork.content.length));
    await reply.status(200).send(withBody ? Buffer.from(artwork.content) : undefined);
  }
}
