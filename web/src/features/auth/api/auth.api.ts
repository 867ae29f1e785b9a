// The auth calls (spec 000 §7 "Auth and public"), typed from the OpenAPI schema.
import type { ApiClient } from '../../../api/client';
import type {
  AccountDeletion,
  ChangePasswordRequest,
  DisableTwoFactorRequest,
  EnableTotpRequest,
  LoginAnswer,
  LoginRequest,
  PasswordConfirmationRequest,
  RegisterRequest,
  SecondFactorLoginRequest,
} from '../../../api/types';

export function createAuthApi(api: ApiClient) {
  return {
    /** A session, or for a member with two-factor authentication a challenge for `completeLogin`. */
    login: (body: LoginRequest): Promise<LoginAnswer> =>
      api.call((c) => c.POST('/api/auth/login', { body, credentials: 'include' })),
    /** The code (or a recovery code) that answers the challenge of `login`; sets the refresh cookie. */
    completeLogin: (body: SecondFactorLoginRequest) =>
      api.call((c) => c.POST('/api/auth/login/second-factor', { body, credentials: 'include' })),
    /** The options for the browser's passkey prompt that answers the challenge of `login` instead of a code. */
    secondFactorPasskeyOptions: (secondFactorToken: string) =>
      api.call((c) =>
        c.POST('/api/auth/passkeys/second-factor/options', {
          body: { second_factor_token: secondFactorToken },
        }),
      ),
    /** The browser's answer (startAuthentication's) completes the sign-in as a code would. */
    completeLoginWithPasskey: (
      secondFactorToken: string,
      ceremonyId: string,
      response: Record<string, unknown>,
    ) =>
      api.call((c) =>
        c.POST('/api/auth/passkeys/second-factor', {
          body: { second_factor_token: secondFactorToken, ceremony_id: ceremonyId, response },
          credentials: 'include',
        }),
      ),
    register: (body: RegisterRequest) =>
      api.call((c) => c.POST('/api/auth/register', { body, credentials: 'include' })),
    me: (signal?: AbortSignal) => api.call((c) => c.GET('/api/auth/me', { signal })),
    /** Ends every other session of the member; this one stays. */
    changePassword: (body: ChangePasswordRequest) =>
      api.call((c) => c.POST('/api/auth/change-password', { body })),
    /** The member's signed-in devices, the most recently active first. */
    sessions: (signal?: AbortSignal) => api.call((c) => c.GET('/api/auth/sessions', { signal })),
    /** Signs one device out at once. */
    endSession: (id: string) =>
      api.call((c) => c.DELETE('/api/auth/sessions/{id}', { params: { path: { id } } })),
    /** Signs every other device out at once; this one stays. */
    endOtherSessions: () => api.call((c) => c.POST('/api/auth/sessions/end-others')),
    /** Whether sign-in asks for an authenticator code, and how many recovery codes are left. */
    twoFactorStatus: (signal?: AbortSignal) => api.call((c) => c.GET('/api/auth/two-factor', { signal })),
    /** A new secret for the authenticator app (password first); on once `enableTotp` confirms it. */
    beginTotpSetup: (body: PasswordConfirmationRequest) =>
      api.call((c) => c.POST('/api/auth/two-factor/totp', { body })),
    /** The first code from the app turns two-factor authentication on; answers ten recovery codes. */
    enableTotp: (body: EnableTotpRequest) =>
      api.call((c) => c.POST('/api/auth/two-factor/totp/enable', { body })),
    /** Ten new recovery codes (password again); the old ones stop working. */
    renewRecoveryCodes: (body: PasswordConfirmationRequest) =>
      api.call((c) => c.POST('/api/auth/two-factor/recovery-codes', { body })),
    /** Off, given the password and a code (or a recovery code). */
    disableTwoFactor: (body: DisableTwoFactorRequest) =>
      api.call((c) => c.POST('/api/auth/two-factor/disable', { body })),
    /**
     * Asks for the account to be deleted in 30 days (the password again): every session ends, this one
     * too (its refresh cookie is cleared); signing in before then cancels it. Answers the server's message.
     */
    deleteAccount: (body: PasswordConfirmationRequest): Promise<AccountDeletion> =>
      api.call((c) => c.POST('/api/auth/account/delete', { body, credentials: 'include' })),
    /** Revokes the refresh cookie. */
    logout: () => api.call((c) => c.POST('/api/auth/logout', { credentials: 'include' })),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
