import { Caller, Forbidden, InvalidInput, RuleViolation, Unauthenticated } from '@aura/platform';
import { media } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MediaObjectsRepository } from '../objects/media-objects.repository';
import { processImage } from '../processing/image-processor';
import { MediaStorage } from '../storage/media-storage';
import { UrlSigner } from '../storage/signed-urls';
import { AcceptedUpload, checkSize, checkUpload, Collection, rulesFor } from '../validation/upload-rules';

/** Bytes gathered before deciding the type (every magic number we check sits in the first 4 KiB). */
export const SNIFF_BYTES = 4096;

export const UploadAccessMessages = {
  signInRequired: 'Authentication required',
  notAMember: 'You are not a member of this conversation',
} as const;

/** Public path of a stored object; message attachments get a signed, expiring one. */
export function mediaPath(signer: UrlSigner, collection: Collection, filename: string): string {
  const key = `${collection}/${filename}`;
  return collection === 'messages' ? signer.signedPath(key) : `/api/media/${key}`;
}

@Injectable()
export class UploadService {
  constructor(
    @Inject(MediaStorage) private readonly storage: MediaStorage,
    @Inject(UrlSigner) private readonly signer: UrlSigner,
    @Inject(MediaObjectsRepository) private readonly objects: MediaObjectsRepository,
  ) {}

  /**
   * Validates and stores one upload. `chunks` yields the file's bytes as they arrive; the type is
   * decided from the first 4 KiB before anything is stored, and the size is checked on every chunk.
   */
  async upload(
    header: media.UploadHeader,
    chunks: AsyncIterator<Buffer>,
    caller: Caller | undefined,
  ): Promise<media.StoredMedia> {
    if (!caller) throw new Unauthenticated(UploadAccessMessages.signInRequired);
    const rules = rulesFor(header.purpose);
    if (rules.collection === 'messages') {
      if (!header.conversationId)
        throw new InvalidInput('conversation_id is required for a message attachment');
      if (!header.memberIds.includes(caller.userId)) throw new Forbidden(UploadAccessMessages.notAMember);
    }

    // Gather the head, then decide by bytes and name before storing anything.
    const head: Buffer[] = [];
    let received = 0;
    let ended = false;
    while (received < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      received += next.value.length;
    }
    const headBytes = Buffer.concat(head);
    const accepted = checkUpload(header.purpose, headBytes, header.filename, header.contentType);
    checkSize(rules, received);

    const id = randomUUID().replace(/-/g, '');
    if (accepted.category === 'image') {
      const whole = await this.collect(headBytes, ended ? undefined : chunks, accepted);
      return this.storeImage(id, whole, accepted, header, caller);
    }
    return this.streamToStorage(id, headBytes, ended ? undefined : chunks, accepted, header, caller);
  }

  /** Reads the rest of an image (bounded by the purpose's limit, at most 50 MiB). */
  private async collect(
    head: Buffer,
    rest: AsyncIterator<Buffer> | undefined,
    accepted: AcceptedUpload,
  ): Promise<Buffer> {
    const parts = [head];
    let size = head.length;
    if (rest) {
      for (let next = await rest.next(); !next.done; next = await rest.next()) {
        size += next.value.length;
        checkSize(accepted.rules, size);
        parts.push(next.value);
      }
    }
    return Buffer.concat(parts, size);
  }

  private async storeImage(
    id: string,
    input: Buffer,
    accepted: AcceptedUpload,
    header: media.UploadHeader,
    caller: Caller,
  ): Promise<media.StoredMedia> {
    const processed = await processImage(accepted.kind, input);
    const { collection } = accepted.rules;
    const filename = `${id}.${processed.extension}`;
    const stored: string[] = [];
    try {
      await this.storage.put(`${collection}/${filename}`, processed.data, processed.contentType);
      stored.push(`${collection}/${filename}`);
      const variants: Record<string, string> = {};
      for (const variant of processed.variants) {
        const variantName = `${id}_${variant.name}.${variant.extension}`;
        await this.storage.put(`${collection}/${variantName}`, variant.data, variant.contentType);
        stored.push(`${collection}/${variantName}`);
        variants[variant.name] = variantName;
      }
      return await this.finish(
        filename,
        processed.contentType,
        processed.data.length,
        variants,
        accepted,
        header,
        caller,
      );
    } catch (error) {
      await Promise.all(stored.map((key) => this.storage.discard(key)));
      throw error;
    }
  }

  /** Video and audio: piped to S3 as the chunks arrive; discarded when the limit is passed. */
  private async streamToStorage(
    id: string,
    head: Buffer,
    rest: AsyncIterator<Buffer> | undefined,
    accepted: AcceptedUpload,
    header: media.UploadHeader,
    caller: Caller,
  ): Promise<media.StoredMedia> {
    const { collection } = accepted.rules;
    const filename = `${id}.${accepted.extension}`;
    const key = `${collection}/${filename}`;
    const writer = this.storage.writer(key, accepted.contentType);
    let size = head.length;
    try {
      await writer.write(head);
      if (rest) {
        for (let next = await rest.next(); !next.done; next = await rest.next()) {
          size += next.value.length;
          if (size > accepted.rules.maxBytes) throw new RuleViolation(accepted.rules.tooLarge);
          await writer.write(next.value);
        }
      }
      await writer.finish();
      return await this.finish(filename, accepted.contentType, size, {}, accepted, header, caller);
    } catch (error) {
      await writer.abort();
      await this.storage.discard(key);
      throw error;
    }
  }

  private async finish(
    filename: string,
    contentType: string,
    size: number,
    variantFiles: Record<string, string>,
    accepted: AcceptedUpload,
    header: media.UploadHeader,
    caller: Caller,
  ): Promise<media.StoredMedia> {
    const { collection, purposeName } = accepted.rules;
    await this.objects.record({
      filename,
      collection,
      ownerId: caller.userId,
      purpose: purposeName,
      fileType: accepted.category,
      contentType,
      size,
      originalFilename: header.filename,
      variants: variantFiles,
      conversationId: header.conversationId || undefined,
      memberIds: collection === 'messages' ? header.memberIds : undefined,
      createdAt: new Date(),
      url: `/api/media/${collection}/${filename}`,
    });
    const variants: Record<string, string> = {};
    for (const [name, file] of Object.entries(variantFiles))
      variants[name] = mediaPath(this.signer, collection, file);
    return {
      url: mediaPath(this.signer, collection, filename),
      fileType: accepted.category,
      filename,
      contentType,
      size,
      variants,
    };
  }
}
