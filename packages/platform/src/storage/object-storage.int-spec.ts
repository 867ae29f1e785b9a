import { randomUUID } from 'node:crypto';
import { testConfig } from '../testing';
import { createObjectStorage } from './object-storage';

const config = testConfig();

describe('object storage against the local S3 server', () => {
  const storage = createObjectStorage(config);

  it('has the media bucket and stores, reads, signs and deletes an object', async () => {
    expect(await storage.bucketExists(config.S3_BUCKET_MEDIA)).toBe(true);
    const key = `tests/${randomUUID()}.txt`;
    await storage.putObject(config.S3_BUCKET_MEDIA, key, Buffer.from('hello aura'), 10, {
      'Content-Type': 'text/plain',
    });
    const stat = await storage.statObject(config.S3_BUCKET_MEDIA, key);
    expect(stat.size).toBe(10);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getObject(config.S3_BUCKET_MEDIA, key))
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello aura');
    const url = await storage.presignedGetObject(config.S3_BUCKET_MEDIA, key, 60);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello aura');
    await storage.removeObject(config.S3_BUCKET_MEDIA, key);
    await expect(storage.statObject(config.S3_BUCKET_MEDIA, key)).rejects.toThrow();
  });
});
