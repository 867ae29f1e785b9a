// Handles a return from the payment provider once the member is signed in (usePaymentReturn).
import { usePaymentReturn } from '../hooks/usePaymentReturn';

export function PaymentReturnHandler() {
  usePaymentReturn();
  return null;
}
