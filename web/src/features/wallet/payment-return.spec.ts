import {
  addressWithoutPaymentReturn,
  checkoutOriginUrl,
  formatPackageAC,
  nextPollStep,
  PAYMENT_POLL_ATTEMPTS,
  PAYMENT_POLL_INTERVAL_MS,
  paymentOutcomeMessage,
  PaymentTexts,
  pollCheckoutSession,
  readPaymentReturn,
  settlePaymentReturn,
  superAuraAsCheckoutStatus,
  type CheckoutStatus,
  type PollDeps,
} from './payment-return';

describe('the payment return address (spec 001 §2)', () => {
  it('reads a success with its session, a cancel, and nothing else', () => {
    expect(readPaymentReturn('?session_id=cs_1&payment_success=true')).toEqual({
      purchase: 'coins',
      kind: 'success',
      sessionId: 'cs_1',
    });
    expect(readPaymentReturn('?payment_cancelled=true')).toEqual({ purchase: 'coins', kind: 'cancelled' });
    expect(readPaymentReturn('?payment_success=true')).toEqual({ purchase: 'coins', kind: 'unverifiable' });
    expect(readPaymentReturn('?payment_success=false&session_id=cs_1')).toBeNull();
    expect(readPaymentReturn('?session_id=cs_1')).toBeNull();
    expect(readPaymentReturn('')).toBeNull();
    expect(readPaymentReturn('?tab=aura')).toBeNull();
  });

  it('clears only the return parameters, keeping the rest of the address', () => {
    expect(addressWithoutPaymentReturn('https://aura.test/?session_id=cs_1&payment_success=true')).toBe('/');
    expect(addressWithoutPaymentReturn('https://aura.test/app?x=1&payment_cancelled=true#top')).toBe(
      '/app?x=1#top',
    );
    expect(addressWithoutPaymentReturn('https://aura.test/?x=1')).toBeNull();
    expect(
      addressWithoutPaymentReturn('https://aura.test/?purchase=superaura&session_id=s&payment_success=true'),
    ).toBe('/');
  });

  it('sends the member back to this page without its query, a SuperAura checkout marked', () => {
    const location = { origin: 'https://aura.test', pathname: '/' };
    expect(checkoutOriginUrl(location)).toBe('https://aura.test/');
    expect(checkoutOriginUrl(location, 'superaura')).toBe('https://aura.test/?purchase=superaura');
  });

  it('knows a SuperAura return by its mark', () => {
    expect(readPaymentReturn('?purchase=superaura&session_id=cs_9&payment_success=true')).toEqual({
      purchase: 'superaura',
      kind: 'success',
      sessionId: 'cs_9',
    });
    expect(readPaymentReturn('?purchase=superaura&payment_cancelled=true')).toEqual({
      purchase: 'superaura',
      kind: 'cancelled',
    });
  });
});

describe('the status poll (spec 001 §4, §9)', () => {
  it('ends on paid, naming the AC credited', () => {
    expect(nextPollStep(1, { payment_status: 'paid', status: 'complete', auracoin_amount: 550 })).toEqual({
      done: true,
      outcome: { kind: 'paid', auracoinAmount: 550 },
    });
  });

  it('ends on an expired session, on a failed request, and after 5 attempts', () => {
    expect(nextPollStep(2, { payment_status: 'unpaid', status: 'expired' })).toEqual({
      done: true,
      outcome: { kind: 'expired' },
    });
    expect(nextPollStep(1, { failed: true })).toEqual({ done: true, outcome: { kind: 'error' } });
    const open = { payment_status: 'unpaid', status: 'open' };
    for (let attempt = 1; attempt < PAYMENT_POLL_ATTEMPTS; attempt += 1)
      expect(nextPollStep(attempt, open)).toEqual({ done: false, waitMs: PAYMENT_POLL_INTERVAL_MS });
    expect(nextPollStep(PAYMENT_POLL_ATTEMPTS, open)).toEqual({
      done: true,
      outcome: { kind: 'timed-out' },
    });
  });

  function fakeDeps(answers: (CheckoutStatus | Error)[]) {
    const controller = new AbortController();
    const slept: number[] = [];
    const asked: string[] = [];
    const deps: PollDeps = {
      signal: controller.signal,
      fetchStatus: async (sessionId) => {
        asked.push(sessionId);
        const answer = answers.shift() ?? { payment_status: 'unpaid', status: 'open' };
        if (answer instanceof Error) throw answer;
        return answer;
      },
      sleep: async (ms) => {
        slept.push(ms);
      },
    };
    return { deps, slept, asked, controller };
  }

  it('asks up to 5 times, 2 s apart, then times out', async () => {
    const { deps, slept, asked } = fakeDeps([]);
    await expect(pollCheckoutSession('cs_1', deps)).resolves.toEqual({ kind: 'timed-out' });
    expect(asked).toEqual(['cs_1', 'cs_1', 'cs_1', 'cs_1', 'cs_1']);
    expect(slept).toEqual([2000, 2000, 2000, 2000]);
  });

  it('stops at the first paid answer, and at the first failure', async () => {
    const paid = fakeDeps([{ payment_status: 'unpaid', status: 'open' }, { payment_status: 'paid' }]);
    await expect(pollCheckoutSession('cs_2', paid.deps)).resolves.toEqual({
      kind: 'paid',
      auracoinAmount: null,
    });
    expect(paid.asked).toHaveLength(2);

    const failing = fakeDeps([new Error('offline')]);
    await expect(pollCheckoutSession('cs_3', failing.deps)).resolves.toEqual({ kind: 'error' });
    expect(failing.asked).toHaveLength(1);
  });

  it('is abandoned when its signal aborts', async () => {
    const { deps, controller, asked } = fakeDeps([]);
    deps.sleep = async () => controller.abort();
    await expect(pollCheckoutSession('cs_4', deps)).resolves.toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('settles a cancel and an unverifiable return without asking', async () => {
    const { deps, asked } = fakeDeps([]);
    await expect(settlePaymentReturn({ purchase: 'coins', kind: 'cancelled' }, deps)).resolves.toEqual({
      kind: 'cancelled',
    });
    await expect(settlePaymentReturn({ purchase: 'superaura', kind: 'unverifiable' }, deps)).resolves.toEqual(
      { kind: 'error' },
    );
    expect(asked).toEqual([]);
  });

  it('verifies a SuperAura return by the membership turning on', async () => {
    const { deps, asked } = fakeDeps([
      superAuraAsCheckoutStatus({ is_super_aura: false }),
      superAuraAsCheckoutStatus({ is_super_aura: true }),
    ]);
    const outcome = await settlePaymentReturn(
      { purchase: 'superaura', kind: 'success', sessionId: 'cs_5' },
      deps,
    );
    expect(outcome).toEqual({ kind: 'paid', auracoinAmount: null, purchase: 'superaura' });
    expect(asked).toHaveLength(2);
    expect(paymentOutcomeMessage(outcome!).text).toBe('Welcome to SuperAura! Your membership is active.');
  });
});

describe('what the member is told (spec 001 §8)', () => {
  it('uses the catalogue letter for letter', () => {
    expect(paymentOutcomeMessage({ kind: 'cancelled' }).text).toBe('Payment was cancelled');
    expect(paymentOutcomeMessage({ kind: 'expired' }).text).toBe(
      'Payment session expired. Please try again.',
    );
    expect(paymentOutcomeMessage({ kind: 'timed-out' }).text).toBe(
      'Payment verification timed out. Please check your wallet balance.',
    );
    expect(paymentOutcomeMessage({ kind: 'error' }).text).toBe(
      'Error verifying payment. Please check your wallet balance.',
    );
    expect(PaymentTexts.checkoutFailed).toBe('Failed to start payment process');
  });

  it('names the AC credited on success', () => {
    expect(paymentOutcomeMessage({ kind: 'paid', auracoinAmount: 1100 })).toEqual({
      text: 'Payment successful! 1,100 AuraCoins added to your wallet.',
      tone: 'success',
    });
  });

  it('shows package amounts without needless decimals', () => {
    expect(formatPackageAC(100)).toBe('100');
    expect(formatPackageAC(12500)).toBe('12,500');
    expect(formatPackageAC(12.5)).toBe('12.5');
    expect(formatPackageAC(1000000.001)).toBe('1,000,000.001');
  });
});
