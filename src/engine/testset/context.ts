import type { MetricContext } from "../metrics/types";
import type { Embedder, JudgeOutputSpec, Judge } from "../ports";
import { renderMessages } from "../prompts/render";
import { resolvePrompt } from "../prompts/resolve";
import type { PromptDef, PromptOverrides } from "../prompts/types";
import type { CallRecord } from "../result";
import { detectLanguage, languageName } from "./language";

/** What every step of a generation is handed: the run's limited, metered ports and its settings. */
export interface GenerationContext {
  judge: Judge;
  embedder: Embedder;
  prompts: PromptOverrides;
  signal: AbortSignal | undefined;
  /** Every request of the generation, in the order the steps were asked (not the order they landed). */
  calls: CallRecord[];
  /** The language's name as the prompts say it ("Chinese (简体中文)"). */
  languageName: string;
  /** --language auto: each call writes in the language of the text it reads (a Chinese chunk of a mixed corpus gets Chinese). */
  auto: boolean;
}

/** The language a call about these texts writes in: theirs under auto, else the one setting. */
export function languageFor(ctx: GenerationContext, texts: readonly string[]): string {
  return ctx.auto ? languageName(detectLanguage(texts.map((text) => ({ text })))) : ctx.languageName;
}

/** One judge call of a generation prompt, the user's studio edit applied, its schema always ours. */
export async function askPrompt<O>(
  ctx: GenerationContext,
  base: PromptDef<O>,
  input: Record<string, string>,
  output?: JudgeOutputSpec<O>,
  priority = 0,
): Promise<O> {
  const prompt = resolvePrompt(base, ctx.prompts[base.id]);
  try {
    const reply = await ctx.judge.complete<O>({
      promptId: prompt.id,
      promptHash: prompt.hash,
      ...(prompt.versionName ? { promptVersion: prompt.versionName } : {}),
      messages: renderMessages(prompt, { language: ctx.languageName, ...input }),
      output: output ?? base.output,
      signal: ctx.signal,
      priority,
    });
    ctx.calls.push(...reply.calls);
    if (reply.missing?.length) throw new Error(`the reply to "${base.id}" left items out`);
    return reply.value;
  } catch (error) {
    const calls = (error as { calls?: unknown }).calls;
    if (Array.isArray(calls)) ctx.calls.push(...(calls as CallRecord[]));
    throw error;
  }
}

/** Vectors for many texts, `perRequest` texts to a request (ragas sends one request per node). */
export async function embedAll(ctx: GenerationContext, texts: readonly string[], promptId: string, perRequest = 100): Promise<number[][]> {
  const out: number[][] = [];
  const batches: string[][] = [];
  for (let i = 0; i < texts.length; i += perRequest) batches.push(texts.slice(i, i + perRequest));
  const replies = await Promise.all(batches.map((batch) => ctx.embedder.embed({ texts: batch, promptId, signal: ctx.signal })));
  for (const reply of replies) {
    ctx.calls.push(reply.call);
    out.push(...reply.vectors);
  }
  return out;
}

/** The gate's grounded and leakage checks reuse the statement steps of faithfulness: they take a metric's context. */
export function metricContextOf(ctx: GenerationContext, question: string, answer: string, contexts: string[]): MetricContext {
  return {
    sample: { id: "testset", question, answer, contexts },
    judge: ctx.judge,
    embedder: ctx.embedder,
    prompt: (base) => resolvePrompt(base, ctx.prompts[base.id]),
    options: {},
    signal: ctx.signal,
    calls: ctx.calls,
  };
}
