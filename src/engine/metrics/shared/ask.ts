import type { JudgeOutputSpec, JudgeReply } from "../../ports";
import { renderMessages } from "../../prompts/render";
import type { PromptDef } from "../../prompts/types";
import { type CallRecord, isMetricError, MetricError } from "../../result";
import type { MetricContext } from "../definition";
import { range } from "./items";

/**
 * Queue priorities: a first step that a second step waits on goes before single-step calls, and a
 * second step goes first of all, so samples finish early and the run's tail has no idle slots.
 */
export const PRIORITY = { single: 0, feedsNextStep: 1, finishesSample: 2 } as const;

/**
 * Renders a prompt with its input and asks the judge, recording every call on the context.
 * `output` is the reply schema of this one call (built from its data: "exactly n verdicts");
 * without it the prompt's own shape is used. The schema always comes from the metric, never from
 * an edited prompt.
 */
async function askReply<O>(
  ctx: MetricContext,
  base: PromptDef<O>,
  input: Record<string, string>,
  output?: JudgeOutputSpec<O>,
  priority: number = PRIORITY.single,
  temperature?: number,
): Promise<JudgeReply<O>> {
  const prompt = ctx.prompt(base);
  const messages = renderMessages(prompt, input);
  const spec = output ?? base.output;
  const send = () =>
    ctx.judge.complete<O>({
      promptId: prompt.id,
      promptHash: prompt.hash,
      ...(prompt.versionName ? { promptVersion: prompt.versionName } : {}),
      messages,
      output: spec,
      signal: ctx.signal,
      priority,
      ...(temperature !== undefined ? { temperature } : {}),
    });
  // A vote (own temperature) is never shared: k votes must be k requests.
  const key =
    ctx.shared && temperature === undefined ? `${prompt.hash}\n${spec.name}\n${JSON.stringify(spec.jsonSchema)}\n${JSON.stringify(messages)}` : undefined;
  const earlier = key === undefined ? undefined : (ctx.shared!.get(key) as Promise<JudgeReply<O>> | undefined);
  if (earlier !== undefined) return reuse(ctx, earlier);
  const pending = send();
  if (key !== undefined) ctx.shared!.set(key, pending as Promise<JudgeReply<unknown>>);
  try {
    const reply = await pending;
    ctx.calls.push(...reply.calls);
    return reply;
  } catch (error) {
    const calls = (error as { calls?: unknown }).calls;
    if (Array.isArray(calls)) ctx.calls.push(...calls.filter((c) => !ctx.calls.includes(c)));
    throw error;
  }
}

/**
 * Another metric of this sample already asked exactly this: its reply is used, and its calls are
 * listed here as cached copies, so this metric's trace shows the step and the run is billed once.
 */
async function reuse<O>(ctx: MetricContext, earlier: Promise<JudgeReply<O>>): Promise<JudgeReply<O>> {
  // As a response-cache hit is recorded: cached, no attempt, its tokens kept (the cost estimate skips cached calls).
  const copies = (calls: readonly CallRecord[]) => calls.map((c) => ({ ...c, cached: true, ms: 0, attempts: 0 }));
  try {
    const reply = await earlier;
    const calls = copies(reply.calls);
    ctx.calls.push(...calls);
    return { ...reply, calls };
  } catch (error) {
    const calls = copies(((error as { calls?: unknown }).calls as CallRecord[] | undefined) ?? []);
    ctx.calls.push(...calls);
    if (isMetricError(error)) throw new MetricError(error.code, error.message, calls);
    throw error;
  }
}

export async function ask<O>(
  ctx: MetricContext,
  base: PromptDef<O>,
  input: Record<string, string>,
  output?: JudgeOutputSpec<O>,
  priority: number = PRIORITY.single,
  temperature?: number,
): Promise<O> {
  const reply = await askReply(ctx, base, input, output, priority, temperature);
  if (reply.missing?.length) throw new MetricError("parse_error", `the judge's reply for "${base.id}" left items out`, ctx.calls);
  return reply.value;
}

/**
 * Asks for one answer per item (statements, contexts). A reply that covers only some items keeps
 * the valid ones, and ONE follow-up call asks for exactly the missing ones (renumbered 1..m).
 */
export async function askEach<T>(
  ctx: MetricContext,
  base: PromptDef<T[]>,
  n: number,
  inputFor: (items: readonly number[]) => Record<string, string>,
  outputFor: (count: number) => JudgeOutputSpec<T[]>,
  priority: number = PRIORITY.single,
): Promise<T[]> {
  const first = await askReply(ctx, base, inputFor(range(n)), outputFor(n), priority);
  const missing = first.missing ?? [];
  if (missing.length === 0) return first.value;
  const again = await askReply(ctx, base, inputFor(missing), outputFor(missing.length), priority);
  if (again.missing?.length) {
    const still = again.missing.map((k) => missing[k]! + 1).join(", ");
    throw new MetricError("parse_error", `the judge left out item ${still} of "${base.id}" again in the follow-up request`, ctx.calls);
  }
  const merged = [...first.value];
  missing.forEach((item, k) => {
    merged[item] = again.value[k]!;
  });
  return merged;
}
