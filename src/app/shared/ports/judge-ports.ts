import type { Embedder, Judge, Sample } from "../../../engine";
import { createDemoEmbedder, createDemoJudge, matchBuiltInExample } from "../../../demo";
import { IdbResponseCache } from "../../../storage/db/response-cache";
import { appDb } from "../persist/db";
import { useApp } from "../store";
import { loadLlm } from "./llm-loader";
import { keyMissing, transportInput } from "./transport";

/**
 * The engine's Judge and Embedder as the app builds them: the keyless demo, or the user's endpoint
 * from Settings. Built here once; the playground, the prompt studio, dataset runs and the
 * agreement check all score through these.
 */

/** What pressing Score would do right now, so the form can say it before it is pressed. */
export type ScorePlan = { kind: "real" } | { kind: "demo" } | { kind: "need_key" };

export function planFor(sample: Omit<Sample, "id">, settings = useApp.getState().settings, apiKey = useApp.getState().apiKey): ScorePlan {
  if (!keyMissing(settings, apiKey)) return { kind: "real" };
  // The demo judge knows only the built-in examples, exactly as shipped.
  return matchBuiltInExample(sample) ? { kind: "demo" } : { kind: "need_key" };
}

export function hasEmbedderFor(plan: ScorePlan, embeddingModel: string): boolean {
  return plan.kind === "demo" || embeddingModel.trim() !== "";
}

export function demoPorts(): { judge: Judge; embedder: Embedder } {
  return { judge: createDemoJudge(), embedder: createDemoEmbedder() };
}

/**
 * The user's endpoint as the engine's ports (the prompt studio scores through these too). A
 * dataset run passes its own models: the ones it was started with, even if Settings changed since.
 */
export async function realPorts(
  bypassCache: boolean,
  models?: { model: string; embeddingModel: string },
): Promise<{ judge: Judge; embedder: Embedder | undefined }> {
  const { apiKey } = useApp.getState();
  const settings = models ? { ...useApp.getState().settings, ...models } : useApp.getState().settings;
  const [{ checkTransportConfig, createEmbedder, createJudge }, db] = await Promise.all([loadLlm(), appDb()]);
  const cache = db ? new IdbResponseCache(db) : undefined;
  const checked = checkTransportConfig(transportInput(settings, apiKey, cache));
  // A readable "Base URL must start with http://" instead of a thrown ZodError dump.
  if (!checked.ok) throw new Error(checked.message);
  const judge = createJudge(checked.config, { bypassCache });
  const embedder = checked.config.embeddingModel ? createEmbedder(checked.config, { bypassCache }) : undefined;
  return { judge, embedder };
}
