import { type BaseConfig, CONFIG, createObjectStorage } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Client as S3Client } from 'minio';

/** Where the catalogue keeps each genie's artwork: the media bucket, on the S3 endpoint of the config. */
@Injectable()
export class ArtworkStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(
    @Inject(CONFIG)
    config: Pick<
      BaseConfig,
      'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET_MEDIA'
    >,
  ) {
    this.client = createObjectStorage(config);
    this.bucket = config.S3_BUCKET_MEDIA;
  }
}
