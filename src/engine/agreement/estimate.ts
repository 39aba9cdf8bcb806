import { renderMessages } from "../prompts/render";
import { resolvePrompt } from "../prompts/resolve";
import type { PromptOverrides } from "../prompts/types";
import { GPT_RANKING_PROMPTS, GPT_SCORE_5_PROMPT, GPT_SCORE_PROMPTS } from "./baseline-prompts";
import { planAgreement } from "./plan";
import { type AgreementMethod, type AgreementRow, type AgreementTask, methodTasks } from "./types";

/**
 * What a run will ask for before it starts: requests exactly as the engine will make them when
 * every reply is valid (faithfulness: 2 calls per candidate, 1 when the answer makes no claim;
 * answer relevancy: 1 chat + 1 embeddings request; context relevance: 1; a rating: 1 per
 * candidate; a ranking: 1 per pair), and the characters of the prompts, which the caller turns
 * into tokens with its tokenizer estimate. Repairs and retries come on top.
 */
export interface AgreementEstimate {
  chatRequests: number;
  embeddingRequests: number;
  /** Characters of every message sent, approximately (second steps estimated from the first's input). */
  promptChars: number;
  /** Replies: a fixed allowance per call, in tokens. */
  completionTokens: number;
  pairs: number;
}

const RAGAS_CALLS: Record<AgreementTask, { chat: number; embedding: number; replyTokens: number }> = {
  faithfulness: { chat: 2, embedding: 0, replyTokens: 300 },
  answer_relevancy: { chat: 1, embedding: 1, replyTokens: 80 },
  context_relevance: { chat: 1, embedding: 0, replyTokens: 40 },
};
const BASELINE_REPLY_TOKENS = 50;
/** The metric prompts' instructions and examples, roughly, per call (they are fixed text). */
const METRIC_PROMPT_CHARS = 1800;

export function estimateAgreement(
  rows: readonly AgreementRow[],
  tasks: readonly AgreementTask[],
  methods: readonly AgreementMethod[],
  prompts: PromptOverrides = {},
): AgreementEstimate {
  const plan = planAgreement(rows, tasks);
  const samples = new Map(plan.samples.map((s) => [s.id, s]));
  const est: AgreementEstimate = {
    chatRequests: 0,
    embeddingRequests: 0,
    promptChars: 0,
    completionTokens: 0,
    pairs: plan.pairs.length + plan.absolute.length,
  };
  const chars = (messages: { content: string }[]) => messages.reduce((n, m) => n + m.content.length, 0);
  for (const method of methods) {
    for (const task of methodTasks(method).filter((t) => tasks.includes(t))) {
      const candidates = new Set([
        ...plan.pairs.filter((p) => p.task === task).flatMap((p) => [p.a, p.b]),
        ...plan.absolute.filter((x) => x.task === task).map((x) => x.sample),
      ]);
      if (method === "gpt_ranking") {
        const prompt = resolvePrompt(GPT_RANKING_PROMPTS[task], prompts[GPT_RANKING_PROMPTS[task].id]);
        for (const pair of plan.pairs.filter((p) => p.task === task)) {
          const a = samples.get(pair.a)!;
          const b = samples.get(pair.b)!;
          const text = (s: typeof a) => (task === "context_relevance" ? s.contexts.join("\n\n") : s.answer);
          est.chatRequests++;
          est.completionTokens += BASELINE_REPLY_TOKENS;
          est.promptChars += chars(renderMessages(prompt, { question: a.question, context: a.contexts.join("\n\n"), first: text(a), second: text(b) }));
        }
        continue;
      }
      for (const id of candidates) {
        const s = samples.get(id)!;
        if (method === "ragas") {
          const calls = RAGAS_CALLS[task];
          est.chatRequests += calls.chat;
          est.embeddingRequests += calls.embedding;
          est.completionTokens += calls.replyTokens;
          const input =
            task === "faithfulness"
              ? s.question.length + 2 * s.answer.length + s.contexts.join("\n\n").length
              : task === "answer_relevancy"
                ? s.question.length + s.answer.length
                : s.question.length + s.contexts.join(" ").length;
          est.promptChars += calls.chat * METRIC_PROMPT_CHARS + input;
          continue;
        }
        const base = method === "gpt_score_5" ? GPT_SCORE_5_PROMPT : GPT_SCORE_PROMPTS[task];
        const candidate = task === "context_relevance" ? s.contexts.join("\n\n") : s.answer;
        est.chatRequests++;
        est.completionTokens += BASELINE_REPLY_TOKENS;
        est.promptChars += chars(renderMessages(resolvePrompt(base, prompts[base.id]), { question: s.question, context: s.contexts.join("\n\n"), candidate }));
      }
    }
  }
  return est;
}
