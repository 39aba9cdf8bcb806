import { create } from "zustand";

/**
 * What the Ask panel shows of the dataset's ask job: its phase, counts, the latencies of the rows
 * answered in this tab (for p50 / p95) and the latest rows. `diagnosis` is the words for a call
 * that could not reach the target (CORS, down, mixed content), shown once per pass.
 */
export type AskPhase = "idle" | "running" | "paused" | "interrupted" | "done" | "cancelled" | "busy";

export interface AskRowLine {
  position: number;
  number: number;
  question: string;
  status?: number;
  ms: number;
  error?: string;
}

export interface AskState {
  datasetId: string | null;
  phase: AskPhase;
  /** Rows the job asks in all (those answered before a resume included). */
  total: number;
  answered: number;
  failed: number;
  latencies: number[];
  recent: AskRowLine[];
  diagnosis: string | null;
  /** A target that could not be built (bad JSON, missing path): said in words, nothing asked. */
  problem: string | null;
}

const RECENT_ROWS = 20;

export const idleAsk = (datasetId: string | null): AskState => ({
  datasetId,
  phase: "idle",
  total: 0,
  answered: 0,
  failed: 0,
  latencies: [],
  recent: [],
  diagnosis: null,
  problem: null,
});

export const useAsk = create<AskState>(() => idleAsk(null));

/** One more row asked: counts, latency, and the latest-rows list (newest first, failures kept). */
export function addAskLine(state: AskState, line: AskRowLine): Partial<AskState> {
  const ok = line.error === undefined;
  const rest = state.recent.filter((r) => r.position !== line.position);
  return {
    answered: state.answered + (ok ? 1 : 0),
    failed: state.failed + (ok ? 0 : 1),
    latencies: ok ? [...state.latencies, line.ms] : state.latencies,
    recent: [line, ...rest].slice(0, RECENT_ROWS),
  };
}
