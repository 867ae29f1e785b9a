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
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px;
    font-family: 'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    line-height: 1.5; color: #efecff; background-color: #08071a;
    background-image: radial-gradient(60rem 36rem at 12% -8%, rgba(139, 92, 246, 0.28), transparent 60%),
      radial-gradient(46rem 30rem at 96% 6%, rgba(45, 212, 191, 0.14), transparent 60%); }
  main { width: min(440px, 100%); padding: 28px; border-radius: 22px;
    border: 1px solid rgba(196, 181, 253, 0.22);
    background: linear-gradient(180deg, rgba(33, 27, 66, 0.96), rgba(16, 13, 36, 0.98));
    box-shadow: 0 30px 80px rgba(2, 1, 12, 0.6); }
  .brand { display: flex; align-items: center; gap: 10px; margin: 0 0 20px; font-weight: 700;
    font-size: 1.2rem; letter-spacing: 0.02em; }
  .brand img { width: 30px; height: 30px; }
  .badge { margin-left: auto; padding: 3px 10px; border-radius: 999px; font-size: 0.75rem; font-weight: 600;
    color: #fde68a; border: 1px solid rgba(252, 211, 77, 0.4); background: rgba(252, 211, 77, 0.08); }
  h1 { margin: 0; font-size: 1.25rem; font-weight: 650; }
  .note { margin: 0; color: #aaa4cf; font-size: 0.9rem; }
  .amount { margin: 10px 0 24px; font-size: 2.2rem; font-weight: 700; letter-spacing: -0.02em; }
  .actions { display: grid; gap: 10px; }
  form { margin: 0; }
  button { width: 100%; min-height: 48px; border-radius: 999px; border: 1px solid transparent; cursor: pointer;
    font: inherit; font-weight: 600; font-size: 1rem; }
  button:focus-visible { outline: 2px solid #a78bfa; outline-offset: 2px; }
  #pay { color: #fff; background: linear-gradient(120deg, #8b5cf6, #6366f1 55%, #0ea5e9);
    box-shadow: 0 8px 28px rgba(99, 102, 241, 0.35); }
  #cancel { color: #efecff; background: rgba(255, 255, 255, 0.045); border-color: rgba(196, 181, 253, 0.22); }
  .fine { margin: 20px 0 0; color: #aaa4cf; font-size: 0.8rem; text-align: center; }
</style>
</head>
<body>
<main>
  <p class="brand"><img src="/favicon.svg" alt="">Aura <span class="badge">Test mode</span></p>
  <h1 id="item">${escape(session.description)}</h1>
  <p class="amount" id="amount">${amount}${session.mode === 'subscription' ? ' <span class="note">(subscription)</span>' : ''}</p>
  <div class="actions">
  ${
    open
      ? `<form method="post" action="/api/payments/test-checkout/${id}/pay"><button id="pay" type="submit">Pay ${amount}</button></form>`
      : `<p class="note" id="state">This checkout is ${escape(session.status)}.</p>`
  }
  <form method="post" action="/api/payments/test-checkout/${id}/cancel"><button id="cancel" type="submit">Cancel</button></form>
  </div>
  <p class="note fine">Test checkout — no card is charged (Stripe keys are not configured).</p>
</main>
</body>
</html>`;
}
