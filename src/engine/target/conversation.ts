import type { Message } from "../sample";
import type { TargetOutcome, TargetPort } from "./outcome";
import { isTargetFailed } from "./outcome";

/**
 * A conversation asked turn by turn (contract 13): each user turn is sent with the messages so far
 * ({{messages}} ends with that turn, {{question}} is its text), and the reply is appended as the
 * assistant turn before the next user turn is asked. Assistant and tool turns already in the sample
 * are replaced by what the system says now. The first failure stops the conversation: the turns
 * after it would be asked about a history the system never produced.
 */
export interface AskedConversation {
  /** The conversation as the system had it: every turn up to the last one answered (or failed). */
  messages: Message[];
  /** One per user turn asked in this call, in order (turns answered before a resume are not in it). */
  outcomes: TargetOutcome[];
  /** How many user turns the conversation has in all. */
  userTurns: number;
}

export interface AskConversationOptions {
  signal?: AbortSignal;
  /**
   * User turns this system already answered (a resumed ask): the messages before the next user
   * turn are its replies and are kept as they are; asking starts there.
   */
  answeredTurns?: number;
  /** False stops before the next turn (Pause): the turns answered so far are kept, the rest asked on resume. */
  mayContinue?: () => boolean;
  /** Each turn's outcome as it lands, with the conversation so far, so the caller can keep it before the next turn. */
  onTurn?: (turn: number, outcome: TargetOutcome, asked: readonly Message[]) => void | Promise<void>;
}

export async function askConversation(messages: readonly Message[], target: TargetPort, options: AskConversationOptions = {}): Promise<AskedConversation> {
  const userAt = messages.flatMap((m, i) => (m.role === "user" ? [i] : []));
  const from = Math.min(options.answeredTurns ?? 0, userAt.length);
  const asked: Message[] = messages.slice(0, userAt[from] ?? messages.length).map(copy);
  const outcomes: TargetOutcome[] = [];
  for (let turn = from; turn < userAt.length && !options.signal?.aborted; turn++) {
    if (turn > from && options.mayContinue?.() === false) break;
    const content = messages[userAt[turn]!]!.content;
    asked.push({ role: "user", content });
    const outcome = await target.ask({ question: content, messages: asked.map(copy) }, options.signal);
    if (options.signal?.aborted) break;
    outcomes.push(outcome);
    if (!isTargetFailed(outcome))
      asked.push({ role: "assistant", content: outcome.answer, ...(outcome.toolCalls?.length ? { toolCalls: outcome.toolCalls } : {}) });
    await options.onTurn?.(turn, outcome, asked);
    if (isTargetFailed(outcome)) break;
  }
  return { messages: asked, outcomes, userTurns: userAt.length };
}

function copy(m: Message): Message {
  return { ...m, ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ ...c })) } : {}) };
}

/** What a resumed conversation had gathered before this call (the row keeps it between turns). */
export interface ConversationSoFar {
  answeredTurns: number;
  contexts: readonly string[];
  contextIds?: readonly string[] | undefined;
  ms: number;
  attempts: number;
}

/**
 * The whole conversation as one outcome, for the sample it fills: the last reply's answer, every
 * turn's contexts and ids (first retrieval first, each once: the evidence the conversation had), the
 * latency and attempts summed. A failed turn makes the sample's coded target_error, naming the turn.
 */
export function conversationOutcome(asked: AskedConversation, soFar?: ConversationSoFar): TargetOutcome {
  const earlier = soFar?.answeredTurns ?? 0;
  const ms = asked.outcomes.reduce((sum, o) => sum + o.ms, soFar?.ms ?? 0);
  const attempts = asked.outcomes.reduce((sum, o) => sum + o.attempts, soFar?.attempts ?? 0);
  const failedAt = asked.outcomes.findIndex(isTargetFailed);
  const failed = asked.outcomes[failedAt];
  if (failed && isTargetFailed(failed)) {
    const turn = `turn ${earlier + failedAt + 1} of ${asked.userTurns}`;
    return {
      error: { code: "target_error", message: `${turn}: ${failed.error.message}` },
      ...(failed.status !== undefined ? { status: failed.status } : {}),
      ms,
      attempts,
    };
  }
  const answered = asked.outcomes.flatMap((o) => (isTargetFailed(o) ? [] : [o]));
  const last = answered.at(-1);
  if (!last || earlier + answered.length < asked.userTurns) {
    const message =
      asked.userTurns === 0 ? "the conversation has no user turn to ask" : `turn ${earlier + answered.length + 1} of ${asked.userTurns}: not asked (cancelled)`;
    return { error: { code: "target_error", message }, ms, attempts };
  }
  const once = (lists: readonly (readonly string[] | undefined)[]) => [...new Set(lists.flatMap((l) => l ?? []))];
  const ids = [soFar?.contextIds, ...answered.map((o) => o.contextIds)];
  return {
    answer: last.answer,
    contexts: once([soFar?.contexts, ...answered.map((o) => o.contexts)]),
    ...(ids.some((l) => l !== undefined) ? { contextIds: once(ids) } : {}),
    status: last.status,
    ms,
    attempts,
  };
}
