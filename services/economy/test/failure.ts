/** The error a rule throws (its class name and message), or undefined when it passes. */
export function failure(run: () => unknown): { kind: string; message: string } | undefined {
  try {
    run();
  } catch (error) {
    return { kind: (error as Error).constructor.name, message: (error as Error).message };
  }
  return undefined;
}
