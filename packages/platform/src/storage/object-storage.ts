import { Client } from 'minio';
import type { BaseConfig } from '../config/config';

/** An S3 client (any S3 endpoint: MinIO, versitygw, AWS S3, Ceph) from the service's config. */
export function createObjectStorage(
  config: Pick<BaseConfig, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY'>,
  options: { partSize?: number } = {},
): Client {
  const url = new URL(config.S3_ENDPOINT);
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    pathStyle: true,
    ...(options.partSize ? { partSize: options.partSize } : {}),
  });
}
