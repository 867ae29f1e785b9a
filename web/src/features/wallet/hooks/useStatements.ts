// Monthly statements (issue 23 §8): one month's statement (GET /api/wallet/statements/{month}), read
// under the wallet's key so that a money movement refreshes it with the balance and the history; and
// its CSV or PDF, fetched through the API client and saved as a file.
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { saveFile } from '../../../ui/save-file';
import { loggedRead } from '../../../api/logged-read';
import { walletApi } from '../api';
import type { StatementFormat } from '../statements';

/** Under queryKeys.wallet: invalidated with it after every money movement. */
export const statementKey = (month: string) => [...queryKeys.wallet, 'statements', month] as const;

export function useStatement(month: string) {
  return useQuery({
    queryKey: statementKey(month),
    queryFn: loggedRead('wallet statement', (signal) => walletApi.statement(month, signal)),
  });
}

export interface StatementDownload {
  month: string;
  format: StatementFormat;
}

export function useStatementDownload() {
  return useMutation({
    mutationFn: ({ month, format }: StatementDownload) => walletApi.statementFile(month, format),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
  });
}
