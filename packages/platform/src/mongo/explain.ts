import type { mongo } from 'mongoose';

/** The stages of a query plan, depth first (`IXSCAN`, `FETCH`, `COLLSCAN`, `SORT`...). */
export function planStages(plan: unknown): string[] {
  const stages: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const stage = (node as { stage?: unknown }).stage;
    if (typeof stage === 'string') stages.push(stage);
    for (const key of ['inputStage', 'queryPlan', 'winningPlan'])
      visit((node as Record<string, unknown>)[key]);
    const inputs = (node as { inputStages?: unknown }).inputStages;
    if (Array.isArray(inputs)) inputs.forEach(visit);
  };
  visit(plan);
  return stages;
}

/**
 * How the server would run a find: the stages of its winning plan. Service tests use it to check that
 * the queries a request path runs are served by an index (an `IXSCAN`, never a `COLLSCAN`).
 */
export async function explainFind(
  collection: mongo.Collection,
  filter: mongo.Filter<mongo.Document>,
  options: { sort?: mongo.Sort; limit?: number; projection?: mongo.Document } = {},
): Promise<string[]> {
  let cursor = collection.find(filter);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.limit) cursor = cursor.limit(options.limit);
  if (options.projection) cursor = cursor.project(options.projection);
  const explained = (await cursor.explain('queryPlanner')) as { queryPlanner?: { winningPlan?: unknown } };
  return planStages(explained.queryPlanner?.winningPlan);
}

/**
 * True when a plan reads through an index and never scans the collection: an `IXSCAN` (or MongoDB's
 * `EXPRESS_IXSCAN` for an equality on a unique index, `IDHACK`/`EXPRESS_IDHACK` for `_id`) and no
 * `COLLSCAN`.
 */
export function servedByIndex(stages: string[]): boolean {
  const indexed = stages.some((stage) => /IXSCAN$|IDHACK$/.test(stage));
  return indexed && !stages.includes('COLLSCAN');
}
