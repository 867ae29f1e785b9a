import { api } from '../../../api';
import { createFeedApi } from './feed.api';

export const feedApi = createFeedApi(api);
