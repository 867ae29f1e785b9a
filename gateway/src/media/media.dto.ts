import { ApiProperty } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** The multipart body of every upload: one file in the field `file`. */
export const UPLOAD_BODY_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The file to upload' } },
};

export class MediaUploadResponse {
  @ApiProperty({
    example: '/api/media/posts/5f0c9a7e2b1d4c3a9e8f7a6b.jpg',
    description: 'Where the file is served',
  })
  file_url!: string;

  @ApiProperty({ enum: ['image', 'video', 'audio'] })
  file_type!: 'image' | 'video' | 'audio';

  @ApiProperty({ example: '5f0c9a7e2b1d4c3a9e8f7a6b.jpg', description: 'The stored file name' })
  filename!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { thumb: '/api/media/posts/5f0c9a7e2b1d4c3a9e8f7a6b_thumb.jpg' },
    description: 'Resized variants of an image by name (empty for video and audio)',
  })
  variants!: Record<string, string>;
}

export class ProfilePictureUploadResponse {
  @ApiProperty({ example: '/api/media/profiles/5f0c9a7e2b1d4c3a9e8f7a6b.jpg' })
  profile_picture_url!: string;
}

export class BannerUploadResponse {
  @ApiProperty({ example: '/api/media/banners/5f0c9a7e2b1d4c3a9e8f7a6b.mp4' })
  banner_url!: string;
}

export class BannerDataUrlResponse {
  @ApiProperty({ example: 'data:image/jpeg;base64,/9j/4AAQSkZJRg...' })
  data_url!: string;
}
