import type { CallRecord } from "../engine/result";
import type { TransportConfig } from "../llm/config";
import { testConnection } from "../llm/connection";
import { RunError } from "./errors";

/**
 * One 1-token request before the run. Without it, a wrong base URL or key would cost every
 * sample x metric its full retry schedule before the run "completes" with nothing but llm_error
 * nulls. Only answers that cannot get better stop the run (unreachable, key refused, unknown
 * model); a 429, a 5xx or a slow reply is what the run's retries are for. Returns the requests it
 * made: they are billed like any other, so the report's usage counts them.
 */
export async function preflight(config: TransportConfig, signal?: AbortSignal): Promise<CallRecord[]> {
  const result = await testConnection(config, signal);
  if (result.ok) return result.calls;
  const kind = result.error.kind;
  if (kind === "network" || kind === "auth" || kind === "not_found") {
    throw new RunError(`could not start: ${oneLine(result.diagnosis)}`);
  }
  return result.calls;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
