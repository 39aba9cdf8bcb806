import type { SleepFn } from "../llm/config";

/** What the CLI touches of the process, passed in so tests can run it in-process. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C: the run stops and the partial report is still written. */
  signal?: AbortSignal;
  now?: () => number;
  /** How the transport waits between retries (Retry-After, backoff); tests pass a fake clock's sleep. */
  sleep?: SleepFn;
}
