import { api } from '../../../api';
import { createMarketApi } from './market.api';

export const marketApi = createMarketApi(api);
