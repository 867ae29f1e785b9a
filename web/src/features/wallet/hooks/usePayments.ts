// Card top-ups: the AC packages (GET /api/payments/packages, public; a failed read is only logged,
// spec 001 §8) and starting a checkout (POST /api/payments/checkout/session), after which the browser
// leaves for the provider's page.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { loggedRead } from '../../../api/logged-read';
import { paymentsApi } from '../api';
import { checkoutOriginUrl, PaymentTexts } from '../payment-return';
import { useCheckout } from './useCheckout';

/** The packages change only when the catalogue does. */
const PACKAGES_STALE_MS = 5 * 60_000;

export function usePaymentPackages() {
  const query = useQuery({
    queryKey: queryKeys.paymentPackages,
    queryFn: loggedRead('payment packages', (signal) => paymentsApi.packages(signal)),
    staleTime: PACKAGES_STALE_MS,
  });
  return {
    packages: query.data ?? [],
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    refetch: () => void query.refetch(),
  };
}

export function usePackageCheckout() {
  return useCheckout({
    start: (packageId: string) => paymentsApi.startCheckout(packageId, checkoutOriginUrl(window.location)),
    failureText: PaymentTexts.checkoutFailed,
  });
}
