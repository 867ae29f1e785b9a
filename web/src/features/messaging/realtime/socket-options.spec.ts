import { socketOptions } from './socket-options';

describe('socket client options (spec 000 §4, §7, §9)', () => {
  it('goes websocket first then polling, reconnects every 1-5 s without limit, times out at 20 s', () => {
    const options = socketOptions(() => 't');
    expect(options.transports).toEqual(['websocket', 'polling']);
    expect(options.reconnection).toBe(true);
    expect(options.reconnectionAttempts).toBe(Infinity);
    expect(options.reconnectionDelay).toBe(1000);
    expect(options.reconnectionDelayMax).toBe(5000);
    expect(options.timeout).toBe(20_000);
    expect(options.autoConnect).toBe(false);
  });

  it('puts the current token in the handshake at every (re)connection', () => {
    let token: string | null = 'first';
    const options = socketOptions(() => token);
    const auth = options.auth as (send: (data: object) => void) => void;
    const seen: object[] = [];
    auth((data) => seen.push(data));
    token = 'refreshed';
    auth((data) => seen.push(data));
    expect(seen).toEqual([{ token: 'first' }, { token: 'refreshed' }]);
  });
});
