import type { JudgeOutputSpec } from "../../ports";
import { renderMessages } from "../../prompts/render";
import type { PromptDef } from "../../prompts/types";
import type { MetricContext } from "../types";

/**
 * Renders a prompt with its input and asks the judge, recording every call on the context.
 * `output` lets a step tighten the prompt's schema for this one call (e.g. "one verdict per
 * statement") so a reply that skips items goes through the repair path.
 */
/**
 * Queue priorities: a first step that a second step waits on goes before single-step calls, and a
 * second step goes first of all, so samples finish early and the run's tail has no idle slots.
 */
export const PRIORITY = { single: 0, feedsNextStep: 1, finishesSample: 2 } as const;

export async function ask<O>(
  ctx: MetricContext,
  base: PromptDef<O>,
  input: Record<string, string>,
  output?: JudgeOutputSpec<O>,
  priority: number = PRIORITY.single,
): Promise<O> {
  const prompt = ctx.prompt(base);
  try {
    const reply = await ctx.judge.complete<O>({
      promptId: prompt.id,
      promptHash: prompt.hash,
      ...(prompt.versionName ? { promptVersion: prompt.versionName } : {}),
      messages: renderMessages(prompt, input),
      output: output ?? prompt.output,
      signal: ctx.signal,
      priority,
    });
    ctx.calls.push(...reply.calls);
    return reply.value;
  } catch (error) {
    const calls = (error as { calls?: unknown }).calls;
    if (Array.isArray(calls)) ctx.calls.push(...calls.filter((c) => !ctx.calls.includes(c)));
    throw error;
  }
}
