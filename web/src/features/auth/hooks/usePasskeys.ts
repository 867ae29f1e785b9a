// Settings → Passkeys: the member's passkeys (GET /api/auth/passkeys) and the calls that change them.
// Adding one runs the browser's registration ceremony between the server's two calls; the WebAuthn
// library is loaded only then.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryKeys } from '../../../api/query-keys';
import type { Passkey } from '../../../api/types';
import { showToast } from '../../../ui/toast';
import { accountApi } from '../api';
import { PasskeyMessages } from '../passkeys';

export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.passkeys,
    queryFn: ({ signal }) => accountApi.passkeys(signal),
  });
}

/** The password first (403 "Incorrect password" before any prompt), then the device, then the save. */
async function addPasskey({ password, name }: { password: string; name: string }): Promise<Passkey> {
  const { ceremony_id, options } = await accountApi.passkeyRegistrationOptions(password);
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return accountApi.registerPasskey({ ceremony_id, response: { ...response }, name });
}

export function usePasskeyActions() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: (passkey) =>
      queryClient.setQueryData<Passkey[]>(queryKeys.passkeys, (list) => [
        passkey,
        ...(list ?? []).filter((one) => one.id !== passkey.id),
      ]),
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      accountApi.removePasskey(id, password),
    // Here, not in the caller: the row and its form go away with the passkey.
    onSuccess: (_answer, { id }) => {
      showToast(PasskeyMessages.removed);
      queryClient.setQueryData<Passkey[]>(queryKeys.passkeys, (list) => list?.filter((one) => one.id !== id));
    },
    onSettled: reload,
  });
  return { add, remove };
}
