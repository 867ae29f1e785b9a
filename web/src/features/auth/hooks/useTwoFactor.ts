// Settings → Two-Factor Authentication: the member's status (GET /api/auth/two-factor) and the calls that
// change it. Each call that changes it writes the new status into the cache at once; a refusal that
// says the state is not what this screen thought ("already on", "not on") reloads it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import type { TwoFactorStatus } from '../../../api/types';
import { authApi } from '../api';

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: ({ signal }) => authApi.twoFactorStatus(signal),
  });
}

export function useTwoFactorActions() {
  const queryClient = useQueryClient();
  const setStatus = (status: TwoFactorStatus) => queryClient.setQueryData(queryKeys.twoFactor, status);
  const reloadOnConflict = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400)
      void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
  };

  const begin = useMutation({
    mutationFn: (password: string) => authApi.beginTotpSetup({ password }),
    onError: reloadOnConflict,
  });
  const enable = useMutation({
    mutationFn: (code: string) => authApi.enableTotp({ code }),
    onSuccess: (answer) =>
      setStatus({ totp_enabled: true, recovery_codes_left: answer.recovery_codes.length }),
    onError: reloadOnConflict,
  });
  const renew = useMutation({
    mutationFn: (password: string) => authApi.renewRecoveryCodes({ password }),
    onSuccess: (answer) =>
      setStatus({ totp_enabled: true, recovery_codes_left: answer.recovery_codes.length }),
    onError: reloadOnConflict,
  });
  const disable = useMutation({
    mutationFn: (body: { password: string; code: string }) => authApi.disableTwoFactor(body),
    onSuccess: setStatus,
    onError: reloadOnConflict,
  });
  return { begin, enable, renew, disable };
}
