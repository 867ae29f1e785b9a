import { api } from '../../../api';
import { createNotificationsApi } from './notifications.api';

export const notificationsApi = createNotificationsApi(api);
