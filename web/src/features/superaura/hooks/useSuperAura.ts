// SuperAura: the membership's status (GET /api/superaura/status; a failed read is only logged), the
// plan checkout (the browser leaves for the provider; the return is handled by usePaymentReturn) and
// cancelling at the end of the period.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { loggedRead } from '../../../api/logged-read';
import { useCheckout } from '../../wallet';
import { checkoutOriginUrl } from '../../wallet';
import { superAuraApi } from '../api';
import { SuperAuraTexts, type PlanId } from '../superaura';

export function useSuperAuraStatus(enabled = true) {
  const query = useQuery({
    queryKey: queryKeys.superAuraStatus,
    queryFn: loggedRead('SuperAura status', (signal) => superAuraApi.status(signal)),
    enabled,
  });
  return { status: query.data, isLoading: enabled && query.isPending };
}

/** The plan checkout; a member is told so (the server answers "You're Already SuperAura!"). */
export function useSuperAuraCheckout(onAlreadyMember: () => void) {
  return useCheckout({
    start: (plan: PlanId) => superAuraApi.checkout(plan, checkoutOriginUrl(window.location, 'superaura')),
    failureText: SuperAuraTexts.checkoutFailed,
    onFailure: (error) => {
      const member = error instanceof ApiError && error.detail === SuperAuraTexts.alreadyMember;
      if (member) onAlreadyMember();
      return member;
    },
  });
}

export function useCancelSuperAura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => superAuraApi.cancel(),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.superAuraStatus, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.superAuraStatus }),
  });
}
