// A checkout (AC package or SuperAura plan): the member chooses one, the server answers a checkout_url
// and the browser navigates there (spec 001 §7). A failure is shown with the server's detail or the
// caller's own message (spec 001 §8); until the browser has left, the choices stay busy.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { moneyFailureMessage } from '../../../api/money';

export function useCheckout<Id extends string>({
  start,
  failureText,
  onFailure,
}: {
  start: (id: Id) => Promise<{ checkout_url: string }>;
  failureText: string;
  /** Told of a failure first; true when it handled it (no message is shown then). */
  onFailure?: (error: unknown) => boolean;
}) {
  const checkout = useMutation({
    mutationFn: start,
    onSuccess: (session) => window.location.assign(session.checkout_url),
  });
  const [chosen, setChosen] = useState<Id | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = checkout.isPending || checkout.isSuccess;
  const { reset } = checkout;

  // Back from the checkout page, the browser may show this page as it was left (back-forward cache):
  // the choices are free again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const choose = (id: Id) => {
    if (busy) return;
    setChosen(id);
    setError(null);
    checkout.mutate(id, {
      onError: (failure) => {
        setChosen(null);
        if (!onFailure?.(failure)) setError(moneyFailureMessage(failure, failureText));
      },
    });
  };

  return { choose, error, busy, isStarting: (id: Id) => busy && chosen === id };
}
