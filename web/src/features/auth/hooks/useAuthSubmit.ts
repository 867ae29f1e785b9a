import { useMutation } from '@tanstack/react-query';
import { authFailureMessage } from '../../../api/errors';
import { authApi } from '../api';
import { toLoginRequest, toRegisterRequest, type AuthFormValues, type AuthMode } from '../validation';
import { useSession } from './session-context';

/** Signs in or signs up; on success the session is established. `errorMessage` follows spec 000 §8. */
export function useAuthSubmit() {
  const { establishSession } = useSession();
  const mutation = useMutation({
    mutationFn: ({ mode, values }: { mode: AuthMode; values: AuthFormValues }) =>
      mode === 'signin' ? authApi.login(toLoginRequest(values)) : authApi.register(toRegisterRequest(values)),
    onSuccess: establishSession,
  });
  return {
    submit: mutation.mutate,
    isPending: mutation.isPending,
    errorMessage: mutation.isError ? authFailureMessage(mutation.error) : null,
    reset: mutation.reset,
  };
}
