import { api } from '../../../api';
import { createAuthApi } from './auth.api';

export const authApi = createAuthApi(api);
export type { AuthApi } from './auth.api';
