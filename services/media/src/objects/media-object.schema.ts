import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';

/** One accepted upload (`media_objects`), keyed by its stored file name (random, so unique). */
export interface MediaObjectDoc {
  _id: string;
  collection_name: string;
  owner_id: string;
  purpose: string;
  file_type: string;
  content_type: string;
  size: number;
  original_filename: string;
  variants: Record<string, string>;
  conversation_id?: string;
  member_ids?: string[];
  created_at: Date;
}

export const mediaObjectSchema = new Schema<MediaObjectDoc>(
  {
    _id: { type: String, required: true },
    collection_name: { type: String, required: true },
    owner_id: { type: String, required: true },
    purpose: { type: String, required: true },
    file_type: { type: String, required: true },
    content_type: { type: String, required: true },
    size: { type: Number, required: true },
    original_filename: { type: String, default: '' },
    variants: { type: Map, of: String, default: undefined },
    conversation_id: { type: String },
    member_ids: { type: [String], default: undefined },
    created_at: { type: Date, required: true },
  },
  // `collection` is a reserved schema path name in mongoose, hence `collection_name`.
  { collection: 'media_objects', versionKey: false },
);
mediaObjectSchema.index({ owner_id: 1, created_at: -1 });
mediaObjectSchema.plugin(outboxPlugin);
