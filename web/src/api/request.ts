// Helpers for the social api modules (typed openapi-fetch calls through the shared client).
import type { ApiClient, ApiFetchClient } from './client';

type RawResult<T> = { data?: T; error?: unknown; response: Response };

/** Like `api.call`, but also hands back the response headers (cursor pagination: X-Next-Cursor). */
export async function callWithHeaders<T>(
  api: ApiClient,
  run: (c: ApiFetchClient) => Promise<RawResult<T>>,
): Promise<{ data: T; headers: Headers }> {
  let headers = new Headers();
  const data = await api.call(async (c) => {
    const result = await run(c);
    headers = result.response.headers;
    return result;
  });
  return { data, headers };
}

/** Reads a list answer: anything but an array (an empty 204, a wrapped object) reads as an empty list. */
export const asList = <T>(data: readonly T[] | null | undefined): T[] =>
  Array.isArray(data) ? [...data] : [];
