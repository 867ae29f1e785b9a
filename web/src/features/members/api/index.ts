import { api } from '../../../api';
import { createMembersApi } from './members.api';

export const membersApi = createMembersApi(api);
