import { api } from '../../../api';
import { createExploreApi } from './explore.api';

export const exploreApi = createExploreApi(api);
