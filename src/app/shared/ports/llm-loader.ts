/**
 * The transport (openai SDK, ~35 kB gzip) is loaded on demand so the first paint does not wait
 * for it; boot() warms it up when the browser is idle, so pressing Score does not wait either.
 */
type LlmModule = typeof import("../../../llm");

let loading: Promise<LlmModule> | null = null;

export function loadLlm(): Promise<LlmModule> {
  loading ??= import("../../../llm").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
