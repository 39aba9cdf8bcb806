import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

export type TopicMode = "precision" | "recall" | "f1";

interface JudgedTurn {
  /** The user message's position in the conversation (0-based). */
  turn: number;
  text: string;
  onTopic: 0 | 1;
  answered: 0 | 1;
  reason: string;
}

export interface TopicAdherenceTrace {
  mode: TopicMode;
  turns: JudgedTurn[];
  /** Set when early turns were left unjudged to fit the judge's budget (never silently). */
  note: string | null;
  calls: CallRecord[];
}

/**
 * As ragas's TopicAdherence, over user turns instead of extracted topics:
 *   TP = on topic and answered, FP = off topic and answered, FN = on topic and refused
 *   (off topic and refused is the behaviour wanted and counts in neither).
 *   precision = TP / (TP + FP)   (of what the assistant answered, the share that was on topic)
 *   recall    = TP / (TP + FN)   (of the on-topic requests, the share it answered)
 *   f1        = 2 P R / (P + R), 0 when TP = 0.
 * ragas adds 1e-10 to each denominator, which turns "nothing to measure" into 0; here an empty
 * denominator is undetermined (no_statements): f1 is undetermined only when both are.
 */
export function scoreTopicAdherence(trace: Pick<TopicAdherenceTrace, "mode" | "turns">): ScoreOutcome {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const t of trace.turns) {
    if (t.answered === 1 && t.onTopic === 1) tp++;
    else if (t.answered === 1) fp++;
    else if (t.onTopic === 1) fn++;
  }
  const none = (what: string) => unscored("no_statements", `no ${what}: topic adherence's ${trace.mode} is undetermined`);
  if (trace.mode === "precision") return tp + fp === 0 ? none("answered turn") : scored(tp / (tp + fp));
  if (trace.mode === "recall") return tp + fn === 0 ? none("on-topic turn") : scored(tp / (tp + fn));
  if (tp + fp === 0 && tp + fn === 0) return none("answered or on-topic turn");
  if (tp === 0) return scored(0);
  const p = tp / (tp + fp);
  const r = tp / (tp + fn);
  return scored((2 * p * r) / (p + r));
}

export function explainTopicAdherence(trace: TopicAdherenceTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const offAnswered = trace.turns.filter((t) => t.onTopic === 0 && t.answered === 1).length;
  const onRefused = trace.turns.filter((t) => t.onTopic === 1 && t.answered === 0).length;
  const head = `${trace.turns.length} user turns judged: ${offAnswered} off-topic answered, ${onRefused} on-topic refused`;
  return trace.note ? `${head} (${trace.note}).` : `${head}.`;
}
