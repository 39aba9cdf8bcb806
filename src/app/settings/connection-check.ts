import { loadLlm } from "../shared/ports/llm-loader";
import { providerHint, transportInput } from "../shared/ports/transport";
import type { AppSettings } from "../shared/settings-model/model";
import type { DiagnosisWords } from "../../llm/diagnosis-words";

/**
 * Why a check failed: `diagnosis` in English (what tests and logs read), `say` in the words given
 * (the dialog passes the UI language's, read when it renders).
 */
type Failed = { ok: false; diagnosis: string; say(words: DiagnosisWords): string };
type EmbeddingOutcome = { ok: true; model: string; ms: number } | Failed;

/** The chat model's answer, then (when an embedding model is set) the embedding model's; or why the chat check failed. */
export type ConnectionOutcome = { ok: true; ms: number; embedding?: EmbeddingOutcome } | Failed;

/**
 * Settings' "Test connection": one cheap chat call without retries and, when the chat model
 * answers and an embedding model is set, one tiny embeddings request, each with a diagnosis a
 * person understands (key, model, CORS, rate limit). Answer relevancy, answer correctness and
 * semantic similarity need the embedding model; a typo there would otherwise show up only as
 * their llm_error nulls in a run.
 */
export async function checkConnection(settings: AppSettings, apiKey: string, signal: AbortSignal): Promise<ConnectionOutcome> {
  const { checkTransportConfig, describeError, testConnection, testEmbedding } = await loadLlm();
  const checked = checkTransportConfig(transportInput(settings, apiKey));
  // The form's own problems (a base URL that is no URL) are said as the config check words them.
  if (!checked.ok) return { ok: false, diagnosis: checked.message, say: () => checked.message };
  // Re-described with the chosen preset, so the CORS advice names the right server.
  const describe = (error: unknown, model: string | undefined, baseURL: string): Failed => {
    const context = { baseURL, provider: providerHint(settings), ...(model ? { model } : {}), apiKey };
    return { ok: false, diagnosis: describeError(error, context), say: (words) => describeError(error, context, words) };
  };
  try {
    const chat = await testConnection(checked.config, signal);
    if (!chat.ok) return describe(chat.error, settings.model, checked.config.baseURL);
    if (!checked.config.embeddingModel) return { ok: true, ms: chat.ms };
    const embedding = await testEmbedding(checked.config, signal);
    const embeddingBase = checked.config.embeddingBaseURL ?? checked.config.baseURL;
    return {
      ok: true,
      ms: chat.ms,
      embedding: embedding.ok
        ? { ok: true, model: checked.config.embeddingModel, ms: embedding.ms }
        : describe(embedding.error, checked.config.embeddingModel, embeddingBase),
    };
  } catch (error) {
    return describe(error, undefined, checked.config.baseURL);
  }
}
