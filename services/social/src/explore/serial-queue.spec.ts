import { SerialQueue } from './serial-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SerialQueue', () => {
  it('runs tasks one at a time, in order', async () => {
    const queue = new SerialQueue();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [3, 1, 2, 0].map((delay, index) =>
        queue.run(async () => {
          running += 1;
          most = Math.max(most, running);
          for (let i = 0; i < delay; i++) await tick();
          order.push(index);
          running -= 1;
          return index;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('passes results and failures to each caller and keeps going after a failure', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('makes read-modify-write safe for tasks sharing state', async () => {
    const queue = new SerialQueue();
    let counter = 0;
    await Promise.all(
      Array.from({ length: 50 }, () =>
        queue.run(async () => {
          const read = counter;
          await tick();
          counter = read + 1;
        }),
      ),
    );
    expect(counter).toBe(50);
  });
});
