import { microToAc, microToText, parseAcToMicro } from './amounts';

describe('AC amounts: decimal to micro-AC without floating point', () => {
  it.each([
    [1, 1_000_000],
    [0.001, 1_000],
    [1.5, 1_500_000],
    [0.1 + 0.2, undefined], // 0.30000000000000004: finer than a micro-AC
    [0.3, 300_000],
    [123.456789, 123_456_789],
    ['0.001', 1_000],
    [' 2.5 ', 2_500_000],
    ['1e-3', 1_000],
    [1e-6, 1],
    ['.5', 500_000],
    ['5.', 5_000_000],
    ['007.10', 7_100_000],
    [-2.25, -2_250_000],
    ['-0.000001', -1],
    [0, 0],
    ['0.000', 0],
    ['9999999999.999999', undefined],
    [1_000_000_000, 1_000_000_000_000_000],
  ])('%p → %p', (value, micro) => {
    const parsed = parseAcToMicro(value);
    if (micro === undefined) expect(parsed).toEqual({ ok: false, reason: 'invalid' });
    else expect(parsed).toEqual({ ok: true, micro });
  });

  it.each([
    ['abc'],
    ['1.2.3'],
    ['1,5'],
    ['0x10'],
    [NaN],
    [Infinity],
    ['1e400'],
    [0.0000001],
    ['12345678901'],
  ])('refuses %p as not a valid amount', (value) => {
    expect(parseAcToMicro(value)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['1e-530000000'],
    ['1e530000000'],
    ['1e-31'],
    ['1e31'],
    [`0.${'0'.repeat(40)}1`],
    ['9'.repeat(1_000_000)],
    [`${' '.repeat(100)}1`],
    [3.69e16],
    [5e-324],
    [1e300],
  ])('refuses the hostile %s at once, without building a big string', (value) => {
    const started = process.hrtime.bigint();
    expect(parseAcToMicro(value)).toEqual({ ok: false, reason: 'invalid' });
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(50);
  });

  it('still reads exponents up to 30 either way', () => {
    expect(parseAcToMicro('1e-6')).toEqual({ ok: true, micro: 1 });
    expect(parseAcToMicro('0.000000000000000000000000000000e30')).toEqual({ ok: true, micro: 0 });
    expect(parseAcToMicro('100000000000000000000e-20')).toEqual({ ok: true, micro: 1_000_000 });
    expect(parseAcToMicro('1e-30')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tells a missing amount and a wrong type apart', () => {
    expect(parseAcToMicro(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(parseAcToMicro(null)).toEqual({ ok: false, reason: 'missing' });
    expect(parseAcToMicro('')).toEqual({ ok: false, reason: 'missing' });
    expect(parseAcToMicro(true)).toEqual({ ok: false, reason: 'type' });
    expect(parseAcToMicro({ value: 1 })).toEqual({ ok: false, reason: 'type' });
  });

  it('shows balances truncated to 3 decimals and amounts exactly', () => {
    expect(microToAc(1_999_999)).toBe(1.999);
    expect(microToAc(1_500)).toBe(0.001);
    expect(microToAc(-1_500)).toBe(-0.001);
    expect(microToAc(-999)).toBe(0);
    expect(microToAc(12_340_000, 1)).toBe(12.3);
    expect(microToText(1_500_000)).toBe('1.5');
    expect(microToText(1_500)).toBe('0.0015');
    expect(microToText(-12_000_000)).toBe('-12');
  });
});
