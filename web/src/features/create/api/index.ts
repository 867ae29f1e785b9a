import { api } from '../../../api';
import { createCreateApi } from './create.api';

export const createApi = createCreateApi(api);
