import { create } from "zustand";
import type { Sample } from "../../../engine";
import type { CheckName, GenerationMode, GenerationOptions, GenerationProgress, GenerationResult, SourceChunk } from "../../../engine/testset";
import type { TestsetExtra } from "../../../engine/testset/types";
import { newId } from "../../../storage/db/ids";
import type { SamplesFile } from "../../../storage/format/samples-types";
import { withLockIfFree } from "../../shared/locks/run-locks";
import { appDb } from "../../shared/persist/db";
import { realPorts } from "../../shared/ports/judge-ports";
import { activePromptOverrides } from "../../shared/ports/prompt-overrides";
import { useApp } from "../../shared/store";
import { storeImport } from "../actions";
import { type GenerationOutcome, GenerationService, type StoredGeneration } from "./generation-service";
import { documentsT } from "./messages";
import { useDocuments } from "./store";

/**
 * "Generate test set": the engine's generator over the documents' chunks, through the same ports
 * (and reply cache) a dataset run uses, as a job kept in IndexedDB (generation-service.ts), so
 * Pause, Resume and a reload lose nothing answered. The result is stored as a dataset: the
 * question, its reference and reference contexts, and no answer yet.
 */
export interface GenerateForm {
  size: number;
  mode: GenerationMode;
  language: string;
  checks: CheckName[];
}

type Phase =
  | { kind: "idle" }
  | { kind: "running"; progress: GenerationProgress | null; pausing: boolean; size: number }
  /** A stored generation this page does not run: Resume goes on with it (after a reload too). */
  | ({ kind: "stored" } & StoredGeneration)
  | { kind: "done"; result: GenerationResult; dataset: string | null; size: number }
  /** `stored`: the job kept after a resume failed (fix Settings, then Resume again). */
  | { kind: "failed"; message: string; stored: StoredGeneration | null };

export const useGeneration = create<{ phase: Phase }>(() => ({ phase: { kind: "idle" } }));

const set = (phase: Phase) => useGeneration.setState({ phase });

/** One generation per browser profile at a time (its job is one document). */
const GENERATION_LOCK = "ragas-playground:generation";

const service = new GenerationService(
  {
    db: async () => {
      const db = await appDb();
      if (!db) throw new Error(documentsT().generate.noStorage);
      return db;
    },
    ports: async (job) => {
      const t = documentsT().generate;
      // The reply cache is keyed by endpoint and model: another endpoint would pay for every request again.
      const current = useApp.getState().settings.baseURL.trim();
      if (current !== job.baseURL) throw new Error(t.endpointChanged(job.baseURL, current));
      const { judge, embedder } = await realPorts(false, { model: job.model, embeddingModel: job.embeddingModel });
      if (!embedder) throw new Error(t.needsEmbedding);
      return { judge, embedder };
    },
    exclusive: (work) => withLockIfFree(GENERATION_LOCK, work),
    store: async (job, result) =>
      result.samples.length > 0
        ? ((await storeImport(job.name, { file: job.name, kind: "testset" }, samplesFileOf(result), false, undefined, extrasOf(result)))?.name ?? null)
        : null,
  },
  (progress) => {
    const phase = useGeneration.getState().phase;
    set({ kind: "running", progress, pausing: phase.kind === "running" && phase.pausing, size: progress.size });
  },
);

/** The chunks of every parsed document, as the generator reads them. */
export function chunksOfDocuments(): SourceChunk[] {
  return useDocuments
    .getState()
    .entries.flatMap((e) => (e.ok ? e.chunks : []))
    .map(({ id, document, start, end, text }) => ({ id, document, start, end, text }));
}

export function optionsOf(form: GenerateForm): GenerationOptions {
  return { size: form.size, mode: form.mode, language: form.language, checks: form.checks, seed: 1, concurrency: 4 };
}

export async function startGeneration(form: GenerateForm, name: string): Promise<void> {
  if (service.running) return;
  set({ kind: "running", progress: null, pausing: false, size: form.size });
  const { settings } = useApp.getState();
  const documents = useDocuments.getState().entries.flatMap((e) => (e.ok && e.chunks.length > 0 ? [{ name: e.name, chunks: e.chunks.length }] : []));
  // The prompt studio's active versions, read fresh as a Score does: an edited generation prompt applies.
  const prompts = await activePromptOverrides();
  const options = optionsOf(form);
  const job = {
    id: newId(),
    name,
    status: "running" as const,
    createdAt: Date.now(),
    options: { ...options, checks: [...options.checks] },
    chunks: chunksOfDocuments(),
    documents,
    model: settings.model,
    embeddingModel: settings.embeddingModel,
    baseURL: settings.baseURL.trim(),
    prompts,
  };
  await show(await service.start(job));
}

/** Goes on with the stored generation: every request answered before comes from the cache. */
export async function resumeGeneration(): Promise<void> {
  if (service.running) return;
  const phase = useGeneration.getState().phase;
  const stored = phase.kind === "stored" ? phase : phase.kind === "failed" ? phase.stored : null;
  set({ kind: "running", progress: null, pausing: false, size: stored?.job.options.size ?? 0 });
  await show(await service.resume());
}

/** Pause: no new request starts; those in flight finish and are kept. */
export function pauseGeneration(): void {
  const phase = useGeneration.getState().phase;
  if (phase.kind === "running") set({ ...phase, pausing: true });
  service.pause();
}

/** Cancel: aborts the requests in flight and forgets the job (what was answered stays in the reply cache). */
export async function cancelGeneration(): Promise<void> {
  const live = service.running;
  try {
    await service.cancel();
    if (!live) set({ kind: "idle" });
  } catch (error) {
    set({ kind: "failed", message: error instanceof Error ? error.message : String(error), stored: null });
  }
}

/** The Datasets view opened: a stored generation (paused, or interrupted by a reload) is offered to resume. */
export async function refreshGeneration(): Promise<void> {
  if (service.running) return;
  const stored = await service.stored().catch(() => null);
  if (service.running) return;
  if (stored) set({ kind: "stored", ...stored });
  else if (useGeneration.getState().phase.kind === "stored") set({ kind: "idle" });
}

async function show(outcome: GenerationOutcome): Promise<void> {
  switch (outcome.kind) {
    case "done":
      return set({ kind: "done", result: outcome.result, dataset: outcome.dataset, size: outcome.job.options.size });
    case "paused":
      return set({ kind: "stored", job: outcome.job, state: "paused" });
    case "interrupted":
      return set({ kind: "stored", job: outcome.job, state: "interrupted" });
    case "cancelled":
    case "missing":
      return set({ kind: "idle" });
    case "busy":
      return refreshGeneration();
    case "failed":
      return set({ kind: "failed", message: outcome.message, stored: await service.stored().catch(() => null) });
  }
}

/** The generated lines' other contract-12 columns, kept with the dataset so its export is ragas's test set. */
function extrasOf(result: GenerationResult): TestsetExtra[] {
  return result.samples.map(({ user_input: _q, reference: _r, reference_contexts: _c, ...extra }) => extra);
}

export function samplesFileOf(result: GenerationResult): SamplesFile {
  const samples: Sample[] = result.samples.map((line, i) => ({
    id: `q${i + 1}`,
    question: line.user_input,
    // No answer yet: the system under test gives it (the next issue's "Ask your system", or an import joining answers by question).
    answer: "",
    contexts: line.reference_contexts,
    reference: line.reference,
  }));
  return { kind: "jsonl", samples, errors: [], warnings: [], valid: { samples, leftOut: 0 }, contextsReadAs: {} };
}
