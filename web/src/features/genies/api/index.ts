import { api } from '../../../api';
import { createGeniesApi } from './genies.api';

export const geniesApi = createGeniesApi(api);
