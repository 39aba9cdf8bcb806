import { create } from "zustand";
import type { Sample } from "../../../engine";
import {
  type CheckName,
  type GenerationMode,
  type GenerationOptions,
  type GenerationProgress,
  type GenerationResult,
  generateTestset,
  type SourceChunk,
} from "../../../engine/testset";
import type { TestsetExtra } from "../../../engine/testset/types";
import type { SamplesFile } from "../../../storage/format/samples-types";
import { realPorts } from "../../shared/ports/judge-ports";
import { activePromptOverrides } from "../../shared/ports/prompt-overrides";
import { storeImport } from "../actions";
import { useDocuments } from "./store";

/**
 * "Generate test set": the engine's generator over the documents' chunks, through the same ports
 * (and reply cache) a dataset run uses, so a generation started again after a reload gets every
 * answered request back from the cache for free. The result is stored as a dataset: the question,
 * its reference and reference contexts, and no answer yet.
 */
export interface GenerateForm {
  size: number;
  mode: GenerationMode;
  language: string;
  checks: CheckName[];
}

type Phase =
  | { kind: "idle" }
  | { kind: "running"; progress: GenerationProgress | null }
  | { kind: "done"; result: GenerationResult; dataset: string | null }
  | { kind: "failed"; message: string };

export const useGeneration = create<{ phase: Phase }>(() => ({ phase: { kind: "idle" } }));

let controller: AbortController | null = null;

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
  const chunks = chunksOfDocuments();
  const set = (phase: Phase) => useGeneration.setState({ phase });
  set({ kind: "running", progress: null });
  controller = new AbortController();
  try {
    const { judge, embedder } = await realPorts(false);
    if (!embedder) throw new Error("Generation needs an embedding model: set one in Settings.");
    // The prompt studio's active versions, read fresh as a Score does: an edited generation prompt applies.
    const prompts = await activePromptOverrides();
    const result = await generateTestset(
      chunks,
      { ...optionsOf(form), prompts },
      {
        judge,
        embedder,
        signal: controller.signal,
        onProgress: (progress) => set({ kind: "running", progress }),
      },
    );
    const stored =
      result.samples.length > 0 ? await storeImport(name, { file: name, kind: "testset" }, samplesFileOf(result), false, undefined, extrasOf(result)) : null;
    set({ kind: "done", result, dataset: stored?.name ?? null });
  } catch (error) {
    set({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  } finally {
    controller = null;
  }
}

/** Cancel keeps what was paid for: every answered request is in the reply cache. */
export function cancelGeneration(): void {
  controller?.abort();
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
