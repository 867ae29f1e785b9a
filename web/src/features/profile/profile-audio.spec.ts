import { audioPlan, MUSIC_START_DELAY_MS, MUSIC_VOLUME, playerCommand, playerVolume } from './profile-audio';

describe('profile audio (spec 000 §4, §9)', () => {
  it('no player without a link that carries a video id', () => {
    expect(audioPlan('', true)).toBeNull();
    expect(audioPlan(null, true)).toBeNull();
    expect(audioPlan('https://example.com/song', true)).toBeNull();
  });

  it('SuperAura: looped, volume 0.3, started after 1 second', () => {
    const plan = audioPlan('https://youtu.be/dQw4w9WgXcQ', true)!;
    expect(plan).toMatchObject({ videoId: 'dQw4w9WgXcQ', loop: true, volume: 0.3, startDelayMs: 1000 });
    expect(MUSIC_VOLUME).toBe(0.3);
    expect(MUSIC_START_DELAY_MS).toBe(1000);
    const url = new URL(plan.embedUrl);
    expect(url.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(url.searchParams.get('loop')).toBe('1');
    expect(url.searchParams.get('playlist')).toBe('dQw4w9WgXcQ');
    expect(url.searchParams.get('enablejsapi')).toBe('1');
  });

  it('others: plays once at once, at the player volume', () => {
    const plan = audioPlan('https://www.youtube.com/watch?v=dQw4w9WgXcQ', false)!;
    expect(plan).toMatchObject({ loop: false, volume: null, startDelayMs: 0 });
    expect(new URL(plan.embedUrl).searchParams.get('loop')).toBeNull();
  });

  it('player commands and volume scale', () => {
    expect(JSON.parse(playerCommand('setVolume', [30]))).toEqual({
      event: 'command',
      func: 'setVolume',
      args: [30],
    });
    expect([0.3, 0, 1, 2, -1].map(playerVolume)).toEqual([30, 0, 100, 100, 0]);
  });
});
