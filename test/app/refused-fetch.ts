/**
 * Runs `body` with a fetch that records every URL asked for and refuses it, then puts the real
 * fetch back: the tests of "nothing is sent" assert the list is empty.
 */
export async function withFetchRefused(body: (fetches: readonly string[]) => Promise<void>): Promise<void> {
  const fetches: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL) => {
    fetches.push(String(input));
    return Promise.reject(new Error("no request expected"));
  }) as typeof fetch;
  try {
    await body(fetches);
  } finally {
    globalThis.fetch = realFetch;
  }
}
