import type { TargetOutcome, TargetPort } from "./outcome";
import type { TargetInputs } from "./render-request";

/**
 * Asks the target about many items, at most `concurrency` at once, in input order as slots free
 * up. Items `isDone` says are answered (a journal, a reply cache) are not asked. Each outcome is
 * handed to `onOutcome` as it arrives, so the caller can journal it before the next one lands; a
 * cancelled signal (Cancel) or `mayStart` turning false (Pause) stops new asks, and the items not
 * asked are left out of the result: calling again with the same `isDone` resumes.
 */
export interface AnswerAllOptions<T> {
  concurrency: number;
  signal?: AbortSignal;
  /** False stops starting asks (Pause): those in flight finish and are reported; the rest are left out. */
  mayStart?: () => boolean;
  isDone?: (item: T) => boolean;
  onOutcome?: (item: T, outcome: TargetOutcome, index: number) => void | Promise<void>;
}

export function answerAll<T>(
  items: readonly T[],
  inputsOf: (item: T) => TargetInputs,
  target: TargetPort,
  options: AnswerAllOptions<T>,
): Promise<Map<number, TargetOutcome>> {
  return askEach(items, (item, signal) => target.ask(inputsOf(item), signal), options);
}

/** answerAll with the asking handed in: one call for a question, several for a conversation asked turn by turn. */
export async function askEach<T>(
  items: readonly T[],
  ask: (item: T, signal?: AbortSignal) => Promise<TargetOutcome>,
  options: AnswerAllOptions<T>,
): Promise<Map<number, TargetOutcome>> {
  const outcomes = new Map<number, TargetOutcome>();
  const todo = items.map((item, index) => ({ item, index })).filter(({ item }) => !options.isDone?.(item));
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !options.signal?.aborted && options.mayStart?.() !== false) {
      const { item, index } = todo[next++]!;
      const outcome = await ask(item, options.signal);
      if (options.signal?.aborted) return;
      outcomes.set(index, outcome);
      await options.onOutcome?.(item, outcome, index);
    }
  };
  const slots = Math.max(1, Math.min(Math.floor(options.concurrency), todo.length));
  await Promise.all(Array.from({ length: slots }, worker));
  return outcomes;
}
