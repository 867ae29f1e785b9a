// Sending a report: the receipt's message is what the member reads; the caller shows the failures.
import { useMutation } from '@tanstack/react-query';
import type { ReportBody } from '../../../api/types';
import { reportsApi } from '../api';

export function useReport() {
  return useMutation({
    mutationFn: (body: ReportBody) => reportsApi.report(body),
  });
}
