import { api } from '../../../api';
import { createAdminApi } from './admin.api';

export const adminApi = createAdminApi(api);
