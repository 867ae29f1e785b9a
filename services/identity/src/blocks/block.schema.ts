import { Schema } from 'mongoose';

/**
 * One block: `_id` is `<blocker>:<blocked>`, so a member blocks another at most once whatever the
 * concurrency (the `_id` index decides). Unblocking deletes the document.
 */
export interface BlockDoc {
  _id: string;
  blocker_id: string;
  blocked_id: string;
  reason: string;
  created_at: Date;
}

export const blockSchema = new Schema<BlockDoc>(
  {
    _id: { type: String, required: true },
    blocker_id: { type: String, required: true },
    blocked_id: { type: String, required: true },
    reason: { type: String, default: '' },
    created_at: { type: Date, required: true },
  },
  { collection: 'blocks', versionKey: false },
);
// The members one blocks, newest first (the block list).
blockSchema.index({ blocker_id: 1, created_at: -1 });

export const blockId = (blockerId: string, blockedId: string) => `${blockerId}:${blockedId}`;
