import { api } from '../../../api';
import { createReportsApi } from './moderation.api';

export const reportsApi = createReportsApi(api);
