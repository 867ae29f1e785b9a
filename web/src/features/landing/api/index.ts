import { api } from '../../../api';
import { createPublicApi } from './public.api';

export const publicApi = createPublicApi(api);
