// The return from the payment provider (spec 001 §2 "Payment return", §4 "Payment", §8): once signed in,
// the address's session_id / payment_success / payment_cancelled are read; a paid return is verified by
// polling (5 times, 2 s apart) while the wallet dialog shows the balance; the member is told how it
// ended, the wallet is read again, and the parameters are cleared from the address.
// A SuperAura checkout (purchase=superaura) is verified against the membership instead
// (GET /api/superaura/status) and the member is read again, to carry is_super_aura.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { useAppDialogs } from '../../../app/dialogs';
import { dismissToast, showToast } from '../../../ui/toast';
import { refreshCurrentUser } from '../../profile';
import { superAuraApi } from '../../superaura';
import { paymentsApi } from '../api';
import {
  addressWithoutPaymentReturn,
  PaymentTexts,
  paymentOutcomeMessage,
  readPaymentReturn,
  settlePaymentReturn,
  superAuraAsCheckoutStatus,
  type CheckoutStatus,
  type Purchase,
} from '../payment-return';
import { useRefreshWallet } from './useWallet';

/** Waits `ms`, or less when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** How a paid return is confirmed: the checkout session, or the membership. */
const statusReader =
  (purchase: Purchase) =>
  async (sessionId: string, signal: AbortSignal): Promise<CheckoutStatus> =>
    purchase === 'superaura'
      ? superAuraAsCheckoutStatus(await superAuraApi.status(signal))
      : paymentsApi.checkoutStatus(sessionId, signal);

function clearPaymentReturnFromAddress() {
  const address = addressWithoutPaymentReturn(window.location.href);
  if (address !== null) window.history.replaceState(window.history.state, '', address);
}

/** Mounted once while signed in. */
export function usePaymentReturn() {
  // Read once per sign-in; a poll cut short (signed out, or React's development double mount) leaves
  // the parameters in the address and starts again.
  const [payment] = useState(() => readPaymentReturn(window.location.search));
  const { openDialog } = useAppDialogs();
  const refreshWallet = useRefreshWallet();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!payment) return undefined;
    const controller = new AbortController();
    if (payment.purchase === 'coins') openDialog('wallet', { tab: 'buy' });
    const verifying = payment.kind === 'success' ? showToast(PaymentTexts.verifying, 'info') : undefined;
    void settlePaymentReturn(payment, {
      signal: controller.signal,
      sleep,
      fetchStatus: statusReader(payment.purchase),
    }).then((outcome) => {
      // Abandoned: a later run (or the next sign-in) handles the return.
      if (!outcome || controller.signal.aborted) return;
      if (verifying !== undefined) dismissToast(verifying);
      const { text, tone } = paymentOutcomeMessage(outcome);
      showToast(text, tone);
      if (payment.purchase === 'superaura') {
        if (outcome.kind === 'paid') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.superAuraStatus });
          // Identity learns of the membership a moment after economy: keep it while it catches up.
          void refreshCurrentUser(queryClient, { is_super_aura: true });
          openDialog('profile', { section: 'settings' });
        }
      } else if (outcome.kind !== 'cancelled') {
        // Whatever the poll saw, the webhook may have credited the package: read the wallet again.
        void refreshWallet();
      }
      clearPaymentReturnFromAddress();
    });
    return () => controller.abort();
  }, [payment, openDialog, refreshWallet, queryClient]);
}
