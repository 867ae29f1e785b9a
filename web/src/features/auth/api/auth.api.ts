// The auth calls (spec 000 §7 "Auth and public"), typed from the OpenAPI schema.
import type { ApiClient } from '../../../api/client';
import type { ChangePasswordRequest, LoginRequest, RegisterRequest } from '../../../api/types';

export function createAuthApi(api: ApiClient) {
  return {
    login: (body: LoginRequest) =>
      api.call((c) => c.POST('/api/auth/login', { body, credentials: 'include' })),
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
    /** Revokes the refresh cookie. */
    logout: () => api.call((c) => c.POST('/api/auth/logout', { credentials: 'include' })),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
