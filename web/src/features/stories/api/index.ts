import { api } from '../../../api';
import { createStoriesApi } from './stories.api';

export const storiesApi = createStoriesApi(api);
