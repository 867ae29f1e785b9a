import {
  createEvent,
  EventRecord,
  LeanDocument,
  MONGO,
  MongoRepository,
  RUNTIME,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection } from 'mongoose';
import { MediaObjectDoc, mediaObjectSchema } from './media-object.schema';

export interface MediaObject {
  filename: string;
  collection: string;
  ownerId: string;
  purpose: string;
  fileType: string;
  contentType: string;
  size: number;
  originalFilename: string;
  variants: Record<string, string>;
  conversationId?: string;
  memberIds?: string[];
  createdAt: Date;
  /** The URL the upload answered with (published in the events). */
  url: string;
}

/** The part of ServiceRuntime the repository needs (tests pass a stand-in without Kafka). */
export interface OutboxHost {
  readonly service: string;
  registerOutbox(...models: import('@aura/platform').OutboxModel[]): void;
  eventsStored(records: EventRecord[], at?: import('@aura/platform').StoredEventsAt): void;
}

@Injectable()
export class MediaObjectsRepository
  extends MongoRepository<MediaObject, MediaObjectDoc>
  implements OnModuleInit
{
  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
  ) {
    super(
      connection.models.MediaObject ?? connection.model<MediaObjectDoc>('MediaObject', mediaObjectSchema),
    );
    runtime.registerOutbox(this.model);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Up to `limit` of a member's uploads (served by the owner index). */
  async ownedBy(ownerId: string, limit: number): Promise<MediaObject[]> {
    const docs = await this.model.find({ owner_id: ownerId }).limit(limit).lean().exec();
    return docs.map((doc) => this.toEntity(doc as LeanDocument));
  }

  /** Deletes the records of uploads whose files are gone. */
  async forget(filenames: string[]): Promise<void> {
    await this.model.deleteMany({ _id: { $in: filenames } }).exec();
  }

  protected toEntity(doc: LeanDocument): MediaObject {
    const d = doc as unknown as MediaObjectDoc;
    const variants = d.variants instanceof Map ? Object.fromEntries(d.variants) : (d.variants ?? {});
    return {
      filename: d._id,
      collection: d.collection_name,
      ownerId: d.owner_id,
      purpose: d.purpose,
      fileType: d.file_type,
      contentType: d.content_type,
      size: d.size,
      originalFilename: d.original_filename ?? '',
      variants,
      conversationId: d.conversation_id,
      memberIds: d.member_ids,
      createdAt: d.created_at,
      url: '',
    };
  }

  /**
   * Records an upload with its events in one insert (outbox): media.stored always, plus
   * media.profile_picture_set / media.banner_set for those purposes. Events are keyed by owner.
   */
  async record(object: MediaObject): Promise<EventRecord[]> {
    const { service } = this.runtime;
    const at = object.createdAt.toISOString();
    const events: EventRecord[] = [
      createEvent(service, 'media.stored', object.ownerId, {
        ownerId: object.ownerId,
        url: object.url,
        purpose: object.purpose,
        fileType: object.fileType,
        size: object.size,
        storedAt: at,
      }),
    ];
    if (object.purpose === 'profile_picture')
      events.push(
        createEvent(service, 'media.profile_picture_set', object.ownerId, {
          ownerId: object.ownerId,
          url: object.url,
          setAt: at,
        }),
      );
    if (object.purpose === 'banner')
      events.push(
        createEvent(service, 'media.banner_set', object.ownerId, {
          ownerId: object.ownerId,
          url: object.url,
          setAt: at,
        }),
      );
    await this.model.create({
      _id: object.filename,
      collection_name: object.collection,
      owner_id: object.ownerId,
      purpose: object.purpose,
      file_type: object.fileType,
      content_type: object.contentType,
      size: object.size,
      original_filename: object.originalFilename.slice(0, 255),
      variants: Object.keys(object.variants).length ? object.variants : undefined,
      conversation_id: object.conversationId || undefined,
      member_ids: object.memberIds?.length ? object.memberIds : undefined,
      created_at: object.createdAt,
      _outbox: toStoredOutbox(events),
    });
    this.runtime.eventsStored(events, { model: this.model, id: object.filename });
    return events;
  }

  /** The stored document with its pending outbox (for tests and diagnostics). */
  async rawWithOutbox(filename: string): Promise<(MediaObjectDoc & { _outbox?: unknown[] }) | null> {
    return this.model
      .findById(filename)
      .select('+_outbox')
      .lean<MediaObjectDoc & { _outbox?: unknown[] }>()
      .exec();
  }
}
