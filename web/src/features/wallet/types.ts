// Wallet shapes (PRODUCT-DECISIONS.md "Money"), from the generated OpenAPI schema.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** GET /api/wallet. */
export type Wallet = Schemas['WalletResponse'];
/** One line of GET /api/wallet/transactions. */
export type Transaction = Schemas['TransactionResponse'];
/** The answer of POST /api/tips/send and /api/payments/transfer. */
export type SentMoney = Schemas['SentResponse'];
/** GET /api/withdrawals (the member's own requests). */
export type Withdrawal = Schemas['WithdrawalResponse'];
/** A member found by the recipient search. */
export type Recipient = Schemas['MemberSummary'];
/** GET /api/wallet/statements/{month}: one UTC month of the wallet (issue 23 §8). */
export type Statement = Schemas['StatementResponse'];
