import { api } from '../../../api';
import { createWalletApi } from './wallet.api';

export const walletApi = createWalletApi(api);
