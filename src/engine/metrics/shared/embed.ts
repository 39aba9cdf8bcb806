import { cosine } from "../../math/cosine";
import { MetricError } from "../../result";
import type { MetricContext } from "../definition";
import { PRIORITY } from "./ask";

/** Raw cosine of two texts (answer and reference): both in ONE embeddings request. */
export async function embedPair(ctx: MetricContext, promptId: string, a: string, b: string): Promise<number> {
  if (!ctx.embedder) throw new MetricError("missing_input", "this metric needs an embedding model", ctx.calls);
  try {
    // ragas replaces empty text by a space; an embeddings API refuses "".
    const texts = [a.trim() || " ", b.trim() || " "];
    const embedded = await ctx.embedder.embed({ texts, promptId, signal: ctx.signal, priority: PRIORITY.finishesSample });
    ctx.calls.push(embedded.call);
    const [va, vb] = embedded.vectors;
    if (!va || !vb || embedded.vectors.length !== 2)
      throw new MetricError("llm_error", `the embeddings reply has ${embedded.vectors.length} vectors for 2 texts`, ctx.calls);
    return cosine(va, vb);
  } catch (error) {
    const calls = (error as { calls?: unknown }).calls;
    if (Array.isArray(calls)) ctx.calls.push(...calls.filter((c) => !ctx.calls.includes(c)));
    throw error;
  }
}
