import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('runs the work once for concurrent callers of one key and frees the key afterwards', async () => {
    const flight = new SingleFlight<number>();
    let runs = 0;
    let release!: (value: number) => void;
    const work = () => {
      runs += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const first = flight.run('a', work);
    const second = flight.run('a', work);
    expect(flight.size).toBe(1);
    release(7);
    await expect(Promise.all([first, second])).resolves.toEqual([7, 7]);
    expect(runs).toBe(1);
    expect(flight.size).toBe(0);
    const third = flight.run('a', work);
    release(8);
    await expect(third).resolves.toBe(8);
    expect(runs).toBe(2);
  });

  it('keeps keys apart and lets a failure reach every waiting caller, then retries', async () => {
    const flight = new SingleFlight<string>();
    const failing = flight.run('x', () => Promise.reject(new Error('boom')));
    const sharing = flight.run('x', () => Promise.resolve('never'));
    const other = flight.run('y', () => Promise.resolve('y'));
    await expect(failing).rejects.toThrow('boom');
    await expect(sharing).rejects.toThrow('boom');
    await expect(other).resolves.toBe('y');
    await expect(flight.run('x', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
