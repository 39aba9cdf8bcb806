import type { Message, Sample } from "../../../engine/sample";
import { type AskedConversation, askConversation, type ConversationSoFar, conversationOutcome } from "../../../engine/target/conversation";
import { isTargetFailed, type TargetOutcome, type TargetPort } from "../../../engine/target/outcome";
import type { DatasetRow } from "../../../storage/db/datasets";

/**
 * A conversation row asked turn by turn (contract 13), resumable between turns: after each turn
 * but the last, the row is written with the conversation so far (the system's replies, then the
 * user turns still to ask) and `turns` answered, so a reload or Pause loses no answered turn and
 * the job's next pass starts at the first turn not answered. What the whole conversation gave is
 * one outcome, as a one-question row's (a failed turn: a target_error naming it).
 */

export const isConversationRow = (row: DatasetRow): boolean => row.sample.messages?.some((m) => m.role === "user") === true;

export const userTurnCount = (sample: Sample): number => sample.messages?.filter((m) => m.role === "user").length ?? 0;

export interface RowConversation {
  outcome: TargetOutcome;
  asked: AskedConversation;
  /** User turns answered in all (earlier passes included). */
  turns: number;
  /** Stopped between turns (Pause or Cancel) with no turn failed: nothing to record, the last turn written is kept. */
  stopped: boolean;
}

interface TurnDeps {
  client: TargetPort;
  jobId: string;
  signal?: AbortSignal;
  mayContinue: () => boolean;
  /** Keeps one answered turn: the row's sample as it now stands, with the turns answered. */
  keepTurn: (sample: Sample, outcome: TargetOutcome, turns: number) => Promise<void>;
}

export async function askRowConversation(row: DatasetRow, deps: TurnDeps): Promise<RowConversation> {
  const original = row.sample.messages ?? [];
  const resumed = row.asked?.job === deps.jobId && (row.asked.turns ?? 0) > 0 ? row.asked : undefined;
  const soFar: ConversationSoFar | undefined = resumed && {
    answeredTurns: resumed.turns ?? 0,
    contexts: row.sample.contexts,
    contextIds: row.sample.retrievedContextIds,
    ms: resumed.ms,
    attempts: resumed.attempts ?? 0,
  };
  const earlier = soFar?.answeredTurns ?? 0;
  const landed: TargetOutcome[] = [];
  const asked = await askConversation(original, deps.client, {
    answeredTurns: earlier,
    mayContinue: deps.mayContinue,
    ...(deps.signal ? { signal: deps.signal } : {}),
    onTurn: async (_turn, outcome, messages) => {
      landed.push(outcome);
      const turns = earlier + landed.length;
      if (isTargetFailed(outcome) || turns === userTurnCount(row.sample)) return;
      const partial = conversationOutcome({ messages: [...messages], outcomes: landed, userTurns: turns }, soFar);
      if (!isTargetFailed(partial)) await deps.keepTurn(withAnswers(row.sample, partial, [...messages, ...turnsAfter(original, turns)]), partial, turns);
    },
  });
  const outcome = conversationOutcome(asked, soFar);
  const answered = asked.outcomes.filter((o) => !isTargetFailed(o)).length;
  const stopped = !asked.outcomes.some(isTargetFailed) && earlier + answered < asked.userTurns;
  return { outcome, asked, turns: earlier + answered, stopped };
}

/** The sample with what the target gave: the answer, contexts, the retrieved ids (contract 15) and, for a conversation, its turns. */
export function withAnswers(sample: Sample, outcome: TargetOutcome, messages?: Message[]): Sample {
  if (isTargetFailed(outcome)) return sample;
  return {
    ...sample,
    answer: outcome.answer,
    contexts: outcome.contexts,
    ...(outcome.contextIds ? { retrievedContextIds: outcome.contextIds } : {}),
    ...(messages ? { messages } : {}),
  };
}

/** The sample's turns from its (answered + 1)-th user turn on: what is still to ask. */
function turnsAfter(messages: readonly Message[], answered: number): Message[] {
  const at = messages.flatMap((m, i) => (m.role === "user" ? [i] : []))[answered];
  return at === undefined ? [] : messages.slice(at);
}
