// The Help Center's data (spec 000 §7): the member's tickets, submitting one, and the support e-mail.
// Failed reads are only logged (spec 000 §8); the list becomes empty.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loggedRead } from '../../../api/logged-read';
import { useSocketEvent } from '../../messaging';
import { supportApi } from '../api';
import type { NewTicket } from '../types';

export const supportKeys = {
  myTickets: ['support', 'tickets', 'mine'] as const,
  config: ['public', 'config'] as const,
};

/** The member's tickets; read again when a notification arrives (an answer or a resolution is one). */
export function useMyTickets() {
  const queryClient = useQueryClient();
  const onNotification = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: supportKeys.myTickets }),
    [queryClient],
  );
  useSocketEvent('new_notification', onNotification);
  return useQuery({
    queryKey: supportKeys.myTickets,
    queryFn: loggedRead('support tickets', (signal) => supportApi.myTickets(signal)),
  });
}

export function useSubmitTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: NewTicket) => supportApi.createTicket(ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.myTickets }),
  });
}

/** The support e-mail from configuration (GET /api/public/config); it rarely changes. */
export function useSupportEmail(): string | undefined {
  const query = useQuery({
    queryKey: supportKeys.config,
    queryFn: loggedRead('public config', (signal) => supportApi.publicConfig(signal)),
    staleTime: 60 * 60 * 1000,
  });
  return query.data?.support_email || undefined;
}
