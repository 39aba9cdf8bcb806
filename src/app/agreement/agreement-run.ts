import { estimateAgreement, runAgreement } from "../../engine/agreement";
import type { AgreementMethod, AgreementRow, AgreementTask } from "../../engine/agreement/types";
import { newId } from "../../storage/db/ids";
import { saveAgreementRun, type StoredAgreementRun } from "../../storage/db/agreement-runs";
import { buildAgreementFile } from "../../storage/format/agreement-file";
import { appDb } from "../shared/persist/db";
import { realPorts } from "../shared/ports/judge-ports";
import { formatUsd } from "../shared/results/format";
import { findPrice } from "../../storage/prices";
import { keyMissing, transportInput } from "../shared/ports/transport";
import { loadLlm } from "../shared/ports/llm-loader";
import type { CallRecord } from "../../engine/result";
import type { Spend } from "../../engine/run/spend-meter";
import { useApp } from "../shared/store";
import { activePromptOverrides } from "../shared/ports/prompt-overrides";
import { generatorStamp } from "../../storage/format/generator";

export interface RunChoice {
  tasks: AgreementTask[];
  methods: AgreementMethod[];
  label: string;
  source: string;
}

/** Requests, tokens and cost before starting (price table from Settings; tokens estimated at ~4 characters each). */
export function estimateRun(rows: readonly AgreementRow[], choice: Pick<RunChoice, "tasks" | "methods">) {
  const { settings } = useApp.getState();
  const est = estimateAgreement(rows, choice.tasks, choice.methods);
  // About 4 characters a token, as the transport's estimate counts Latin text (llm/tokens.ts).
  const promptTokens = Math.ceil(est.promptChars / 4);
  const tokens = promptTokens + est.completionTokens;
  const price = findPrice(settings.prices, settings.model);
  const usd = price ? (promptTokens * price.input + est.completionTokens * price.output) / 1_000_000 : undefined;
  return {
    requests: est.chatRequests + est.embeddingRequests,
    embeddings: est.embeddingRequests,
    tokens,
    cost: usd === undefined ? undefined : formatUsd(usd),
    perRow: rows.length ? Math.round((est.chatRequests + est.embeddingRequests) / rows.length) : 0,
  };
}

/** What stops a run before its first judgement: no key, or an endpoint no retry can reach. */
export class RunNotStarted extends Error {
  constructor(
    readonly reason: "needKey" | "unreachable",
    readonly detail = "",
  ) {
    super(detail || reason);
    this.name = "RunNotStarted";
  }
}

export interface LiveProgress {
  done: number;
  total: number;
  /** Every request so far, the connection check's included. */
  spend: Spend;
}

/**
 * One cheap request before the run, as dataset runs and the CLI make (and bill): a wrong key or
 * base URL stops here instead of costing every judgement its retries. A busy server (429, 5xx)
 * is left to the run's own retries.
 */
async function connectionCheck(signal: AbortSignal): Promise<CallRecord[]> {
  const { settings, apiKey } = useApp.getState();
  const { testConnection } = await loadLlm();
  const result = await testConnection(transportInput(settings, apiKey), signal);
  if (!result.ok && ["network", "timeout", "auth", "not_found"].includes(result.error.kind)) throw new RunNotStarted("unreachable", result.diagnosis);
  return result.calls;
}

/**
 * One agreement run in the browser: the user's endpoint (with the response cache), the prompt
 * studio's active versions, ONE limiter at the Settings' concurrency; the file is stored in
 * IndexedDB as it will be exported, with what the run spent. Throws RunNotStarted for what stops
 * it before the first judgement.
 */
export async function runInBrowser(
  rows: readonly AgreementRow[],
  choice: RunChoice,
  hooks: { signal: AbortSignal; onProgress: (progress: LiveProgress) => void },
): Promise<StoredAgreementRun> {
  const { settings, apiKey, bypassCache } = useApp.getState();
  if (keyMissing(settings, apiKey)) throw new RunNotStarted("needKey");
  const started = performance.now();
  const spentBefore = await connectionCheck(hooks.signal);
  const [{ judge, embedder }, overrides] = await Promise.all([realPorts(bypassCache), activePromptOverrides()]);
  const seed = "wikieval";
  const output = await runAgreement(
    rows,
    {
      judge,
      ...(embedder ? { embedder } : {}),
      concurrency: settings.concurrency,
      tasks: choice.tasks,
      methods: choice.methods,
      seed,
      prompts: overrides,
      spentBefore,
    },
    { signal: hooks.signal, onProgress: hooks.onProgress },
  );
  const file = buildAgreementFile({
    output,
    config: {
      baseURL: settings.baseURL,
      model: settings.model,
      ...(settings.embeddingModel ? { embeddingModel: settings.embeddingModel } : {}),
      concurrency: settings.concurrency,
      tasks: choice.tasks,
      methods: choice.methods,
      seed,
      threshold: 0.5,
      source: choice.source,
      ...(choice.label.trim() ? { label: choice.label.trim() } : {}),
      overrides,
    },
    generator: generatorStamp("browser"),
    wallMs: performance.now() - started,
    redact: [apiKey],
  });
  const id = newId();
  const db = await appDb();
  if (db) return saveAgreementRun(db, id, file);
  return { id, createdAt: file.createdAt, file };
}
