import { Schema } from 'mongoose';

export type DataExportStatus = 'queued' | 'building' | 'ready' | 'failed' | 'expired';

/** One request to export a member's data (`data_exports`). */
export interface DataExportDoc {
  _id: string;
  owner_id: string;
  status: DataExportStatus;
  /** 0..100 while building; 100 once ready. */
  progress: number;
  /** What is being gathered now (a label the app shows). */
  step: string;
  requested_at: Date;
  /** A worker holds the job until then; an expired lease lets another worker take it over. */
  lease_until: Date;
  attempts: number;
  finished_at?: Date;
  expires_at?: Date;
  /** The ZIP's object key in the media bucket and its size (ready exports). */
  object_key?: string;
  size?: number;
  error?: string;
}

export const dataExportSchema = new Schema<DataExportDoc>(
  {
    _id: { type: String, required: true },
    owner_id: { type: String, required: true },
    status: { type: String, required: true },
    progress: { type: Number, required: true },
    step: { type: String, default: '' },
    requested_at: { type: Date, required: true },
    lease_until: { type: Date, required: true },
    attempts: { type: Number, required: true },
    finished_at: { type: Date },
    expires_at: { type: Date },
    object_key: { type: String },
    size: { type: Number },
    error: { type: String },
  },
  { collection: 'data_exports', versionKey: false },
);
/** A member's exports, newest first. */
dataExportSchema.index({ owner_id: 1, requested_at: -1 });
/** The workers' queue: unfinished jobs whose lease ran out. */
dataExportSchema.index({ status: 1, lease_until: 1 });
/** The expiry sweep. */
dataExportSchema.index({ expires_at: 1 });

/**
 * One document per member with an export in progress (`data_export_open`, _id = the member): its
 * insert is what admits a request, so two racing requests make one export. It is deleted when the
 * export finishes (ADR 0010 rule 7: a claim document rather than a unique index over a changing field).
 */
export interface DataExportOpenDoc {
  _id: string;
  export_id: string;
  created_at: Date;
}

export const dataExportOpenSchema = new Schema<DataExportOpenDoc>(
  {
    _id: { type: String, required: true },
    export_id: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'data_export_open', versionKey: false },
);
