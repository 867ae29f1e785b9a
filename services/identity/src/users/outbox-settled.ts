import { OUTBOX_FIELD } from '@aura/platform';
import type { Model } from 'mongoose';
import type { Types } from 'mongoose';

/**
 * Waits (up to `timeoutMs`) until the relay has published and cleared the events a member's document
 * was created with. FerretDB applies an update by reading and rewriting the document, so the relay's
 * clearing write can undo a change made just before it (a check-in's aura, a profile edit right after
 * sign-up). After it nothing else writes the outbox of a member's document (events are written only
 * at creation), so waiting once removes that race. On timeout the caller goes on (and reads back).
 */
export async function untilOutboxCleared<T>(
  model: Model<T>,
  _id: Types.ObjectId,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = (await model.findOne({ _id }, { _id: 1 }).select(`+${OUTBOX_FIELD}`).lean().exec()) as {
      [OUTBOX_FIELD]?: unknown[];
    } | null;
    if (!doc || !(doc[OUTBOX_FIELD]?.length ?? 0) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
