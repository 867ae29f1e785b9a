import { api } from '../../../api';
import { createMessagingApi } from './messaging.api';

export const messagingApi = createMessagingApi(api);
