// The wallet's calls (spec 000 §7, spec 001 §7, PRODUCT-DECISIONS.md "Money"). Every call that moves
// money carries an Idempotency-Key, made once per attempt of a form submission by the caller.
// Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import { pageQuery, readNextCursor, type Page } from '../../../api/cursor';
import { RECIPIENT_SEARCH_MAX } from '../../../api/recipient-search';
import { asList, callWithHeaders } from '../../../api/request';
import { statementFileName, type StatementFormat } from '../statements';
import { TRANSACTIONS_PAGE } from '../wallet';
import type { Transaction } from '../types';

export interface TipInput {
  recipientId: string;
  /** AC, as typed (a decimal string keeps it exact). */
  amount: string;
  message: string;
  /** The member answered the spending pause with "Send anyway" (docs/spending.md). */
  confirmPause?: boolean;
}

export type TransferInput = TipInput;

export interface WithdrawalInput {
  /** USD, as typed. */
  amount: string;
  paypalEmail: string;
  /** The member's password: every withdrawal asks for it again (a token alone moves no money out). */
  password: string;
}

/** AC as typed (a decimal string keeps it exact); null removes the setting. */
export interface SpendingChange {
  daily_limit?: string | null;
  pause_threshold?: string | null;
}

const idempotent = (key: string) => ({ header: { 'idempotency-key': key } });

export function createWalletApi(api: ApiClient) {
  return {
    wallet: (signal?: AbortSignal) => api.call((c) => c.GET('/api/wallet', { signal })),
    transactions: async (cursor: string | null, signal?: AbortSignal): Promise<Page<Transaction>> => {
      const { data, headers } = await callWithHeaders(api, (c) =>
        c.GET('/api/wallet/transactions', {
          params: { query: pageQuery(cursor, TRANSACTIONS_PAGE) },
          signal,
        }),
      );
      return { items: asList(data), nextCursor: readNextCursor(headers) };
    },
    tip: (input: TipInput, key: string) =>
      api.call((c) =>
        c.POST('/api/tips/send', {
          params: idempotent(key),
          body: {
            recipient_id: input.recipientId,
            amount: input.amount.trim(),
            currency: 'AC',
            message: input.message,
            ...(input.confirmPause ? { confirm_pause: true } : {}),
          },
        }),
      ),
    transfer: (input: TransferInput, key: string) =>
      api.call((c) =>
        c.POST('/api/payments/transfer', {
          params: idempotent(key),
          body: {
            recipient_id: input.recipientId,
            amount: input.amount.trim(),
            ...(input.message ? { message: input.message } : {}),
            ...(input.confirmPause ? { confirm_pause: true } : {}),
          },
        }),
      ),
    withdrawals: async (signal?: AbortSignal) =>
      asList(await api.call((c) => c.GET('/api/withdrawals', { signal }))),
    requestWithdrawal: (input: WithdrawalInput, key: string) =>
      api.call((c) =>
        c.POST('/api/withdrawals/request', {
          params: idempotent(key),
          body: {
            amount: input.amount.trim(),
            paypal_email: input.paypalEmail.trim(),
            password: input.password,
          },
        }),
      ),
    /** Spending that cares (docs/spending.md): the member's own daily limit and pause threshold. */
    spendingSettings: (signal?: AbortSignal) =>
      api.call((c) => c.GET('/api/wallet/spending-settings', { signal })),
    /** Only the settings named change; null removes one (a raise or a removal waits 24 hours). */
    updateSpendingSettings: (change: SpendingChange) =>
      api.call((c) => c.PUT('/api/wallet/spending-settings', { body: change })),
    /** "Wait 10 minutes". */
    startCoolingOff: () => api.call((c) => c.POST('/api/wallet/spending-settings/cooling-off')),
    /** One month's statement ("YYYY-MM", UTC; not after the current month). */
    statement: (month: string, signal?: AbortSignal) =>
      api.call((c) => c.GET('/api/wallet/statements/{month}', { params: { path: { month } }, signal })),
    /**
     * The month's statement as a file, through the client (it needs the bearer token, so a plain link
     * would not do), and the name the server gives it — as the data export's ZIP is downloaded.
     */
    statementFile: async (month: string, format: StatementFormat) => {
      const params = { path: { month } };
      const { data, headers } = await callWithHeaders(api, (c) =>
        format === 'csv'
          ? c.GET('/api/wallet/statements/{month}/csv', { params, parseAs: 'blob' })
          : c.GET('/api/wallet/statements/{month}/pdf', { params, parseAs: 'blob' }),
      );
      return { blob: data, filename: statementFileName(headers.get('content-disposition'), month, format) };
    },
    /** The recipient picker (spec 001 §7: GET /users/search/{text}). */
    searchMembers: async (text: string, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/users/search/{text}', {
            params: { path: { text }, query: { limit: RECIPIENT_SEARCH_MAX + 1 } },
            signal,
          }),
        ),
      ),
  };
}

export type WalletApi = ReturnType<typeof createWalletApi>;
