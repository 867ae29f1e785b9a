import { api } from '../../../api';
import { createMarketplaceApi } from './marketplace.api';

export const marketplaceApi = createMarketplaceApi(api);
