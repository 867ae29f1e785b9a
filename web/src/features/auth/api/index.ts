import { api } from '../../../api';
import { createAccountApi } from './account.api';
import { createAuthApi } from './auth.api';

export const authApi = createAuthApi(api);
export const accountApi = createAccountApi(api);
export type { AuthApi } from './auth.api';
export type { AccountApi } from './account.api';
