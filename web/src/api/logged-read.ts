// A query function that logs a failed read before TanStack Query sees it (spec 000 §8: failures of
// conversations, notifications and the like are only logged; the lists become empty).
export const loggedRead =
  <T>(what: string, read: (signal: AbortSignal) => Promise<T>) =>
  async ({ signal }: { signal: AbortSignal }): Promise<T> => {
    try {
      return await read(signal);
    } catch (error) {
      if (!signal.aborted) console.warn(`${what}: failed to load`, error);
      throw error;
    }
  };
