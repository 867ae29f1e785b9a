import { findPackage, parseOrigins, returnUrls, TOP_UP_PACKAGES } from './packages';

describe('top-up packages', () => {
  it('cost about $1 per AC, credit the bonus, and one is popular', () => {
    for (const pack of TOP_UP_PACKAGES) {
      const base = pack.amountMicro / (1 + pack.bonusPercentage / 100) / 1_000_000;
      expect(Number.isInteger(pack.amountMicro)).toBe(true);
      expect(pack.usdCents).toBe(Math.round(base * 100) - 1);
    }
    expect(findPackage('plus')).toMatchObject({
      amountMicro: 55_000_000,
      usdCents: 4999,
      bonusPercentage: 10,
    });
    expect(TOP_UP_PACKAGES.filter((p) => p.isPopular)).toHaveLength(1);
    expect(findPackage('nope')).toBeUndefined();
  });
});

describe('return URLs', () => {
  it('append the spec’s parameters to an allowed origin_url', () => {
    expect(returnUrls('http://localhost:8080/wallet', [], false)).toEqual({
      successUrl: 'http://localhost:8080/wallet?session_id={CHECKOUT_SESSION_ID}&payment_success=true',
      cancelUrl: 'http://localhost:8080/wallet?payment_cancelled=true',
    });
    expect(returnUrls('http://127.0.0.1:5173/?tab=buy#x', [], false)).toEqual({
      successUrl: 'http://127.0.0.1:5173/?tab=buy&session_id={CHECKOUT_SESSION_ID}&payment_success=true',
      cancelUrl: 'http://127.0.0.1:5173/?tab=buy&payment_cancelled=true',
    });
  });

  it('refuse other origins, other schemes, and loopback in production without a list', () => {
    for (const bad of [
      'https://evil.example.com',
      'javascript:alert(1)',
      'ftp://localhost/',
      '',
      'localhost:8080',
    ])
      expect(returnUrls(bad, [], false)).toBeNull();
    expect(returnUrls('http://localhost:8080', [], true)).toBeNull();
    expect(returnUrls('http://user:pw@localhost:8080', [], false)).toBeNull();
    const allowed = parseOrigins(' https://aura.example.com/ , https://www.aura.example.com');
    expect(allowed).toEqual(['https://aura.example.com', 'https://www.aura.example.com']);
    expect(returnUrls('https://aura.example.com/wallet', allowed, true)).not.toBeNull();
    expect(returnUrls('http://localhost:8080', allowed, false)).toBeNull();
  });
});
