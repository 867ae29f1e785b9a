import { api } from '../../../api';
import { createPostsApi } from './posts.api';

export const postsApi = createPostsApi(api);
