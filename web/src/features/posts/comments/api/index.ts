import { api } from '../../../../api';
import { createCommentsApi } from './comments.api';

export const commentsApi = createCommentsApi(api);
