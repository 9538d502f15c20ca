/** The error a promise rejects with; a promise that resolves fails the test. */
export function caught(p: Promise<unknown>): Promise<Error> {
  return p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e as Error,
  );
}
