// The account calls beside sign-in (spec 000 §7 "Auth and public"): the mailed links (password reset,
// e-mail confirmation), passkeys (WebAuthn) and the data export, typed from the OpenAPI schema.
import type { ApiClient } from '../../../api/client';
import { callWithHeaders } from '../../../api/request';
import { zipFileName } from '../data-export';
import type {
  FinishPasskeyRegistrationRequest,
  FinishPasskeySignInRequest,
  ResetPasswordRequest,
} from '../../../api/types';

export function createAccountApi(api: ApiClient) {
  return {
    /** Mails a reset link if an account uses the address; the same answer either way (202 {detail}). */
    requestPasswordReset: (email: string) =>
      api.call((c) => c.POST('/api/auth/password-reset/request', { body: { email } })),
    /** The mailed token and the new password; every session of the member ends ({sessions_ended}). */
    resetPassword: (body: ResetPasswordRequest) =>
      api.call((c) => c.POST('/api/auth/password-reset', { body })),
    /** The token mailed at sign-up confirms the address ({detail}). */
    verifyEmail: (token: string) => api.call((c) => c.POST('/api/auth/verify-email', { body: { token } })),
    /** A new confirmation link to the signed-in member's address; earlier ones stop working. */
    resendVerification: () => api.call((c) => c.POST('/api/auth/verify-email/resend')),
    /** The member's passkeys, newest first. */
    passkeys: (signal?: AbortSignal) => api.call((c) => c.GET('/api/auth/passkeys', { signal })),
    /** The options for the browser's registration ceremony (the password first). */
    passkeyRegistrationOptions: (password: string) =>
      api.call((c) => c.POST('/api/auth/passkeys/registration/options', { body: { password } })),
    /** Saves the passkey the browser created. */
    registerPasskey: (body: FinishPasskeyRegistrationRequest) =>
      api.call((c) => c.POST('/api/auth/passkeys/registration', { body })),
    /** Removes one (the password again); it no longer signs in. */
    removePasskey: (id: string, password: string) =>
      api.call((c) => c.DELETE('/api/auth/passkeys/{id}', { params: { path: { id } }, body: { password } })),
    /** The options for the browser's sign-in ceremony: no username, the authenticator picks the account. */
    passkeySignInOptions: () => api.call((c) => c.POST('/api/auth/passkeys/sign-in/options')),
    /** The browser's answer opens a session, as a login does (and sets the refresh cookie). */
    passkeySignIn: (body: FinishPasskeySignInRequest) =>
      api.call((c) => c.POST('/api/auth/passkeys/sign-in', { body, credentials: 'include' })),
    /** The member's last five data exports, newest first (issue 21 §5). */
    dataExports: async (signal?: AbortSignal) =>
      (await api.call((c) => c.GET('/api/account/exports', { signal }))).exports,
    /** Asks for a new export, built in the background (202, queued); 409 while one is, 429 past 3 a day. */
    requestDataExport: () => api.call((c) => c.POST('/api/account/exports')),
    /** The ZIP of a ready export, through the client (it needs the bearer token), and its file name. */
    downloadDataExport: async (id: string) => {
      const { data, headers } = await callWithHeaders(api, (c) =>
        c.GET('/api/account/exports/{id}/download', { params: { path: { id } }, parseAs: 'blob' }),
      );
      return { blob: data, filename: zipFileName(headers.get('content-disposition')) };
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
