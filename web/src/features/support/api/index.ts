import { api } from '../../../api';
import { createSupportApi } from './support.api';

export const supportApi = createSupportApi(api);
