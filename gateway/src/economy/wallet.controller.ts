import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import { ApiMalformedBody, ApiSignedIn } from '../common/api-docs';
import { TransactionResponse, TransactionsQuery, WalletResponse } from './economy.dto';
import { NEXT_CURSOR_HEADER, toTransaction, toWallet } from './economy.mappers';

@ApiTags('wallet')
@ApiSignedIn()
@SignedIn()
@Controller('wallet')
export class WalletController {
  constructor(private readonly economy: EconomyClient) {}

  @Get()
  @ApiOkResponse({ type: WalletResponse, description: 'The caller’s wallet' })
  async wallet(@CurrentCaller() caller: AuthenticatedCaller): Promise<WalletResponse> {
    return toWallet(await this.economy.getWallet(caller));
  }

  @Get('transactions')
  @ApiOkResponse({
    type: TransactionResponse,
    isArray: true,
    description: 'The caller’s history, newest first, one page',
    headers: {
      [NEXT_CURSOR_HEADER]: {
        description: 'Cursor of the next page (pass it as ?cursor=); absent on the last page',
        schema: { type: 'string' },
      },
    },
  })
  @ApiMalformedBody('"limit must be an integer from 1 to 100", "Invalid cursor"')
  async transactions(
    @Query() query: TransactionsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TransactionResponse[]> {
    const page = await this.economy.listTransactions(caller, {
      userId: '',
      cursor: query.cursor ?? '',
      limit: query.limit ?? 20,
    });
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.transactions.map(toTransaction);
  }
}
