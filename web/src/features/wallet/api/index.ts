import { api } from '../../../api';
import { createPaymentsApi } from './payments.api';
import { createWalletApi } from './wallet.api';

export const walletApi = createWalletApi(api);
export const paymentsApi = createPaymentsApi(api);
