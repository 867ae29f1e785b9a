import { api } from '../../../api';
import { createSuperAuraApi } from './superaura.api';

export const superAuraApi = createSuperAuraApi(api);
