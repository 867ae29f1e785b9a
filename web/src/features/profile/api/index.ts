import { api } from '../../../api';
import { createProfileApi } from './profile.api';

export const profileApi = createProfileApi(api);
