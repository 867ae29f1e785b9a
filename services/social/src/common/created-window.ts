/**
 * A window of creation times: [since, until), or everything from `since` on when `until` is absent.
 * CounterRepair asks the likes, comments and follows created in one (each repository's `createdAt`
 * index).
 */
export interface CreatedWindow {
  since: Date;
  until?: Date;
}

/** The filter of the documents created in `window`, shared by the repositories and the index tests. */
export function createdIn({ since, until }: CreatedWindow): { createdAt: { $gte: Date; $lt?: Date } } {
  return { createdAt: until ? { $gte: since, $lt: until } : { $gte: since } };
}
