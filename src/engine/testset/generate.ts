import { type RandomSource, seededRandom, shuffled } from "../math/random";
import type { Embedder, Judge } from "../ports";
import { type CallRecord, isMetricError } from "../result";
import { limitEmbedder, limitJudge } from "../run/limited-ports";
import { Limiter } from "../run/limiter";
import { meteredPorts } from "../run/metered-ports";
import { attempt, type Outcome } from "./attempt";
import { documentsOf, drawPersonas, extractFacts, nodesOf, summarize, vectorsOf } from "./build";
import { availableSynthesizers, candidateFor, graphQueues, type Queues, quickQueue } from "./candidates";
import type { GenerationContext } from "./context";
import { type Accepted, duplicateCheck, normalizeQuestion } from "./gate";
import type { GraphNode } from "./graph";
import { languageName, resolveLanguage } from "./language";
import { splitCounts, type Stratum, strata } from "./plan";
import { usageMeter } from "./usage";
import {
  CHECKS,
  type GenerationOptions,
  type GenerationPhase,
  type GenerationProgress,
  type GenerationResult,
  type Persona,
  type SourceChunk,
  sourceChunkSchema,
  SYNTHESIZERS,
  type TestsetSample,
} from "./types";

export interface GenerationPorts {
  judge: Judge;
  embedder: Embedder;
  signal?: AbortSignal;
  onProgress?: (progress: GenerationProgress) => void;
  /** Every request as it completes (a journal bills them, so a resumed run's total includes the first process's). */
  onSpend?: (calls: readonly CallRecord[]) => void;
}

/** Candidates a generation may write before it stops short: 3 N (contract 12). */
export const BUDGET_FACTOR = 3;

/**
 * Generates a test set from chunks (contract 12). Deterministic for the same chunks, options and
 * replies: every random draw comes from the seed, steps wait for all their calls, and a round's
 * candidates are judged in plan order whatever order their replies land in. So a resume over the
 * reply cache sends only what was never answered and ends with the same lines.
 */
export async function generateTestset(chunksIn: readonly SourceChunk[], options: GenerationOptions, ports: GenerationPorts): Promise<GenerationResult> {
  const chunks = chunksIn.map((c) => sourceChunkSchema.parse(c));
  if (chunks.length === 0) throw new Error("no chunks to generate from: every document was empty, too short or unreadable");
  if (!Number.isInteger(options.size) || options.size < 1) throw new Error(`size must be a positive integer, got ${options.size}`);
  const random = seededRandom(options.seed);
  const language = resolveLanguage(options.language, chunks);
  const meter = usageMeter(ports.onSpend);
  const limiter = new Limiter(options.concurrency);
  const metered = meteredPorts({ judge: ports.judge, embedder: ports.embedder }, meter.spend);
  const ctx: GenerationContext = {
    judge: limitJudge(metered.judge, limiter),
    embedder: limitEmbedder(metered.embedder!, limiter),
    prompts: options.prompts ?? {},
    signal: ports.signal,
    calls: [],
    languageName: languageName(language),
    auto: options.language === "auto" || options.language === "",
  };
  const state = { phase: "extract" as GenerationPhase, accepted: [] as TestsetSample[], candidates: 0 };
  const report = () =>
    ports.onProgress?.({ phase: state.phase, accepted: state.accepted.length, size: options.size, candidates: state.candidates, usage: meter.usage() });
  const rejected = Object.fromEntries([...CHECKS, "error"].map((k) => [k, 0])) as GenerationResult["rejected"];
  const errors: string[] = [];
  let personas: Persona[] = [];
  let cancelled = false;
  try {
    const built = await buildGraph(ctx, chunks, options, random, (phase) => {
      state.phase = phase;
      report();
    });
    personas = built.personas;
    state.phase = "generate";
    report();
    await fill(ctx, built, options, personas, state, rejected, errors, report);
  } catch (error) {
    if (!(isMetricError(error) && error.code === "cancelled") && !ports.signal?.aborted) throw error;
    cancelled = true;
  }
  return {
    samples: state.accepted,
    complete: state.accepted.length === options.size,
    cancelled,
    language,
    personas,
    candidates: state.candidates,
    rejected,
    errors,
    usage: meter.usage(),
    calls: ctx.calls,
  };
}

interface Built {
  nodes: GraphNode[];
  queues: Queues;
  strata: Stratum[];
  personas: Persona[];
}

async function buildGraph(
  ctx: GenerationContext,
  chunks: SourceChunk[],
  options: GenerationOptions,
  random: RandomSource,
  phase: (p: GenerationPhase) => void,
): Promise<Built> {
  if (options.mode === "quick") {
    phase("embed");
    const nodes = nodesOf(
      chunks,
      [],
      await vectorsOf(
        ctx,
        chunks.map((c) => c.text),
        "testset.chunks",
      ),
    );
    const queues: Queues = { quick: quickQueue(nodes, random) };
    return { nodes, queues, strata: shuffled(strata("quick", options.size, 0, random), random), personas: [] };
  }
  phase("extract");
  const docs = documentsOf(chunks);
  const [facts, summaries, vectors] = await Promise.all([
    extractFacts(ctx, chunks, () => undefined),
    summarize(ctx, docs, () => undefined),
    vectorsOf(
      ctx,
      chunks.map((c) => c.text),
      "testset.chunks",
    ),
  ]);
  phase("personas");
  const known = summaries.flatMap((s, i) => (s === undefined ? [] : [i]));
  const [summaryVectors, personas] = await Promise.all([
    vectorsOf(
      ctx,
      known.map((i) => summaries[i]!),
      "testset.summaries",
    ),
    drawPersonas(ctx, summaries, options.personas ?? 3),
  ]);
  const docVectors = docs.map((_, i) => (known.includes(i) ? summaryVectors[known.indexOf(i)] : undefined));
  const nodes = nodesOf(chunks, facts, vectors);
  const queues = graphQueues(
    nodes,
    docVectors,
    docs.map((d) => d.name),
    random,
  );
  const counts = splitCounts(options.size, options.distribution, availableSynthesizers(queues));
  const planned = SYNTHESIZERS.flatMap((s) => strata(s, counts[s], personas.length, random));
  return { nodes, queues, strata: shuffled(planned, random), personas };
}

/** Rounds of candidates until `size` pass or the budget is spent; a rejected stratum is asked again. */
async function fill(
  ctx: GenerationContext,
  built: Built,
  options: GenerationOptions,
  personas: Persona[],
  state: { phase: GenerationPhase; accepted: TestsetSample[]; candidates: number },
  rejected: GenerationResult["rejected"],
  errors: string[],
  report: () => void,
): Promise<void> {
  const budget = BUDGET_FACTOR * options.size;
  const seen: Accepted[] = [];
  let pending = [...built.strata];
  let pairToggle = 0;
  while (state.accepted.length < options.size && state.candidates < budget && pending.length > 0) {
    const round = pending.slice(0, Math.min(pending.length, budget - state.candidates));
    const candidates = round.map((stratum) => {
      const drawn = built.queues[stratum.synthesizer]!.take();
      // Quick mode: every third question takes two chunks (the chunk and its nearest neighbour).
      const pair = stratum.synthesizer === "quick" && (pairToggle++ % 3 === 2) !== (drawn.lap % 2 === 1);
      return candidateFor(stratum, drawn.item, drawn.lap, built.nodes, personas, pair);
    });
    state.candidates += candidates.length;
    state.phase = "check";
    const outcomes: Outcome[] = await Promise.all(candidates.map((c) => attempt(ctx, c, personas, options.checks).finally(report)));
    const passed = outcomes.flatMap((o) => (o.kind === "passed" ? [o.sample] : []));
    const vectors = options.checks.includes("duplicate")
      ? await vectorsOf(
          ctx,
          passed.map((s) => s.user_input),
          "testset.duplicate",
        )
      : [];
    const retry: Stratum[] = [];
    let k = 0;
    outcomes.forEach((o, i) => {
      if (o.kind === "passed") {
        const vector = vectors[k++];
        const dup = options.checks.includes("duplicate")
          ? duplicateCheck(o.sample.user_input, vector, seen)
          : seen.some((a) => a.normalized === normalizeQuestion(o.sample.user_input))
            ? { pass: false, reason: "the same text as an accepted question" }
            : undefined;
        if (dup && !dup.pass) {
          rejected.duplicate++;
        } else {
          if (dup) o.sample.checks.duplicate = dup;
          seen.push({ normalized: normalizeQuestion(o.sample.user_input), vector });
          state.accepted.push(o.sample);
          return;
        }
      } else if (o.kind === "rejected") rejected[o.check]++;
      else {
        rejected.error++;
        errors.push(o.reason);
      }
      retry.push(round[i]!);
    });
    pending = [...retry, ...pending.slice(round.length)];
    report();
  }
}
