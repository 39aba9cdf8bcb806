/** What a batch probe found, per provider (probe.ts for Files + Batches, probe-anthropic.ts for Message Batches). */

export type ProbeVerdict = "reached" | "no_batch_api" | "unauthorized" | "blocked";

export interface ProbeResult {
  verdict: ProbeVerdict;
  /** Per path: the HTTP status, 0 when no answer could be read (CORS, network). */
  files: number;
  batches: number;
  message: string;
  /** Blocked: what went wrong, in the connection test's words (the page wraps them in its own language). */
  detail?: string;
}
