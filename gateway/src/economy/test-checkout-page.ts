import type { economy } from '@aura/proto';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The local test checkout page (no Stripe keys, never in production): what is bought, the amount, and
 * Pay / Cancel. Pay posts the signed webhook Stripe would send, then returns to the success URL.
 */
export function testCheckoutPage(session: economy.TestCheckout): string {
  const id = encodeURIComponent(session.sessionId);
  const amount = `$${(Number(session.usdCents) / 100).toFixed(2)}`;
  const open = session.status === 'open';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aura test checkout</title>
<style>
  body { font-family: system-ui, sans-serif; background: #0f0b1e; color: #f4f1ff; display: flex;
    min-height: 100vh; align-items: center; justify-content: center; margin: 0; }
  main { background: #1c1533; border-radius: 16px; padding: 32px; width: min(420px, 90vw); }
  .note { color: #b9b0d9; font-size: 14px; }
  .amount { font-size: 32px; font-weight: 700; margin: 8px 0 24px; }
  form { display: inline; }
  button { font-size: 16px; padding: 10px 22px; border-radius: 10px; border: 0; cursor: pointer; margin-right: 8px; }
  #pay { background: #8b5cf6; color: white; }
  #cancel { background: #2f2750; color: #f4f1ff; }
</style>
</head>
<body>
<main>
  <p class="note">Test checkout — no card is charged (Stripe keys are not configured).</p>
  <h1 id="item">${escape(session.description)}</h1>
  <p class="amount" id="amount">${amount}${session.mode === 'subscription' ? ' <span class="note">(subscription)</span>' : ''}</p>
  ${
    open
      ? `<form method="post" action="/api/payments/test-checkout/${id}/pay"><button id="pay" type="submit">Pay ${amount}</button></form>`
      : `<p class="note" id="state">This checkout is ${escape(session.status)}.</p>`
  }
  <form method="post" action="/api/payments/test-checkout/${id}/cancel"><button id="cancel" type="submit">Cancel</button></form>
</main>
</body>
</html>`;
}
