import { chatCallRecord } from "../engine/call-record";
import type { Judge, JudgeReply, JudgeRequest } from "../engine/ports";
import { numbered } from "../engine/prompts/render";
import { promptHash } from "../engine/prompts/resolve";
import { allPrompts } from "../engine/metrics/registry";
import { MetricError, type CallRecord } from "../engine/result";
import type { Sample } from "../engine/sample";
import { splitSentences } from "../engine/text/sentences";
import { estimateMessagesTokens, estimateTokens } from "../llm/tokens";
import { BUILT_IN_EXAMPLES } from "./examples";
import { RECORDINGS, type Recording } from "./recordings";

/**
 * The judge a first-time user meets before entering an API key: it answers the built-in
 * examples with the built-in prompts from recorded replies (recordings.ts), instantly and
 * offline, so every trace in the playground is real. Anything else is refused with a message
 * that says what to do, rather than answered with a made-up score.
 */

export const DEMO_JUDGE_MODEL = "demo-judge (recorded replies)";
export const DEMO_ONLY_MESSAGE =
  "The demo judge only answers the built-in examples with the built-in prompts. Add an API key in Settings to score your own samples.";

/** Builds the reply to one prompt for one example, or undefined when the message is not about that example. */
type ReplyBuilder = (sample: Sample, recording: Recording, user: string) => unknown;

const includesAll = (user: string, texts: readonly string[]) => texts.every((t) => user.includes(t));

/** How many "[n] ..." items the message lists: a reply must number exactly those. */
const itemCount = (user: string) => user.match(/^\[\d+\] /gm)?.length ?? 0;

/** The exact numbered block the metric renders, and nothing more numbered around it. */
const listsExactly = (user: string, items: readonly string[]) => user.includes(numbered(items)) && itemCount(user) === items.length;

const REPLIES: Readonly<Record<string, ReplyBuilder>> = {
  "faithfulness.statements": (s, r, user) =>
    includesAll(user, [s.question, s.answer]) ? { statements: r.answerStatements.map((x) => x.statement) } : undefined,

  "faithfulness.verdicts": (s, r, user) => {
    const statements = r.answerStatements.map((x) => x.statement);
    if (!includesAll(user, s.contexts) || !listsExactly(user, statements)) return undefined;
    return { verdicts: r.answerStatements.map((x, i) => ({ statement: i + 1, reason: x.reason, verdict: x.verdict })) };
  },

  "answer_relevancy.questions": (s, r, user) => {
    if (!user.includes(s.answer)) return undefined;
    const asked = Number(/Number of questions: (\d+)/.exec(user)?.[1] ?? r.questions.length);
    return { questions: r.questions.slice(0, Math.max(1, asked)) };
  },

  // Numbered as the metric numbers them: every context split on its own by splitSentences.
  "context_relevance.sentences": (s, r, user) => {
    const sentences = s.contexts.flatMap((c) => splitSentences(c));
    if (!user.includes(s.question) || !listsExactly(user, sentences)) return undefined;
    const needed = r.neededSentences.map((fragment) => {
      const hits = sentences.flatMap((text, i) => (text.includes(fragment) ? [i + 1] : []));
      if (hits.length !== 1) throw new Error(`recording: "${fragment}" matches ${hits.length} sentences`);
      return hits[0]!;
    });
    return { needed };
  },

  // One call with every context, or (perContextCalls) one call per context: number what was sent.
  "context_precision.verdicts": (s, r, user) => {
    if (!includesAll(user, [s.question, s.reference ?? ""])) return undefined;
    const shown = s.contexts.flatMap((text, index) => (user.includes(text) ? [{ text, index }] : []));
    if (
      shown.length === 0 ||
      !listsExactly(
        user,
        shown.map((c) => c.text),
      )
    )
      return undefined;
    return { verdicts: shown.map((c, k) => ({ context: k + 1, reason: r.contextVerdicts[c.index]!.reason, verdict: r.contextVerdicts[c.index]!.verdict })) };
  },

  "context_recall.statements": (s, r, user) => {
    if (!includesAll(user, [s.question, s.reference ?? "", ...s.contexts])) return undefined;
    return { statements: r.referenceStatements.map((x) => ({ statement: x.statement, reason: x.reason, attributed: x.attributed })) };
  },
};

let builtInHashes: Map<string, string> | undefined;

/** Hashes of the built-in prompts, computed once (an edited prompt hashes differently). */
function builtInHash(promptId: string): string | undefined {
  builtInHashes ??= new Map(allPrompts().map((p) => [p.id, promptHash(p)]));
  return builtInHashes.get(promptId);
}

function recordedReply(promptId: string, user: string): unknown {
  const build = REPLIES[promptId];
  if (!build) return undefined;
  for (const example of BUILT_IN_EXAMPLES) {
    const recording = RECORDINGS[example.id];
    const value = recording ? build(example.sample, recording, user) : undefined;
    if (value !== undefined) return value;
  }
  return undefined;
}

export function createDemoJudge(): Judge {
  return {
    async complete<O>(request: JudgeRequest<O>): Promise<JudgeReply<O>> {
      if (request.signal?.aborted) throw new MetricError("cancelled", "Cancelled.");
      if (builtInHash(request.promptId) !== request.promptHash) throw new MetricError("llm_error", DEMO_ONLY_MESSAGE);
      const user = request.messages
        .filter((m) => m.role === "user")
        .map((m) => m.content)
        .join("\n");
      const raw = recordedReply(request.promptId, user);
      if (raw === undefined) throw new MetricError("llm_error", DEMO_ONLY_MESSAGE);

      const reply = JSON.stringify(raw);
      const call: CallRecord = chatCallRecord(request, DEMO_JUDGE_MODEL, request.messages, "json_schema", {
        // What a real server would bill: the messages plus a few tokens of chat framing each.
        promptTokens: estimateMessagesTokens(request.messages) + 4 * request.messages.length,
        completionTokens: estimateTokens(reply),
        attempts: 1,
        reply,
      });

      // Validated like any judge reply, with the metric's own (tightened) schema.
      const parsed = request.output.schema.safeParse(raw);
      if (!parsed.success) {
        const problem = parsed.error.issues[0]?.message ?? "invalid";
        throw new MetricError("llm_error", `The demo judge's recorded reply does not fit this request (${problem}). ${DEMO_ONLY_MESSAGE}`, [call]);
      }
      return { value: parsed.data, calls: [call] };
    },
  };
}
