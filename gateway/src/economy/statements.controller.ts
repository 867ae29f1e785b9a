import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import { RateLimit } from '../rate-limit/rate-limit';
import { ApiMalformedBody, ApiSignedIn } from '../common/api-docs';
import { statementCsv, statementFileName, statementPdf, toStatementResponse } from './statement-documents';
import { MONTH_MESSAGE, StatementMonthParams, StatementResponse } from './statements.dto';

/** A download: not cached anywhere but by the member's browser, never sniffed. */
function sendFile(reply: FastifyReply, type: string, name: string, body: string | Buffer): void {
  void reply.header('content-type', type);
  void reply.header('content-disposition', `attachment; filename="${name}"`);
  void reply.header('cache-control', 'private, no-store');
  void reply.header('x-content-type-options', 'nosniff');
  void reply.status(200).send(body);
}

/**
 * Monthly statements (issue 23 §8, docs/statements.md): the caller's wallet for one UTC calendar month,
 * produced from the ledger on every request, as JSON, CSV or PDF.
 */
@ApiTags('wallet')
@ApiSignedIn()
@ApiMalformedBody(`"${MONTH_MESSAGE}"`)
@SignedIn()
@Controller('wallet/statements')
export class StatementsController {
  constructor(private readonly economy: EconomyClient) {}

  @Get(':month')
  @RateLimit('statements')
  @ApiOkResponse({ type: StatementResponse, description: 'The statement of the month' })
  async statement(
    @Param() params: StatementMonthParams,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<StatementResponse> {
    return toStatementResponse(await this.economy.getStatement(caller, params.month));
  }

  @Get(':month/csv')
  @RateLimit('statements')
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'The statement as CSV', schema: { type: 'string' } })
  async csv(
    @Param() params: StatementMonthParams,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const statement = await this.economy.getStatement(caller, params.month);
    sendFile(reply, 'text/csv; charset=utf-8', statementFileName(statement, 'csv'), statementCsv(statement));
  }

  @Get(':month/pdf')
  @RateLimit('statements')
  @ApiProduces('application/pdf')
  @ApiResponse({
    status: 200,
    description: 'The statement as PDF',
    schema: { type: 'string', format: 'binary' },
  })
  async pdf(
    @Param() params: StatementMonthParams,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const statement = await this.economy.getStatement(caller, params.month);
    sendFile(reply, 'application/pdf', statementFileName(statement, 'pdf'), await statementPdf(statement));
  }
}
