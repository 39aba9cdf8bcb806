import { z } from "zod";
import type { Sample } from "../../engine/sample";
import type { TargetOutcome } from "../../engine/target/outcome";

/**
 * Where a run's answers came from (issue 29), kept in the run's document when it starts: the target
 * "Ask your system" asked (URL without credentials, method) and, by sample id, each call's status,
 * latency and attempts, or its error. Only rows whose answer is the one the target gave count (an
 * answer edited since is the user's). The report builder turns it into each sample's `target` stamp
 * and the summary's p50 / p95 and error count.
 */
const stampSchema = z.object({
  status: z.number().int().optional(),
  ms: z.number().min(0),
  attempts: z.number().int().min(0),
  error: z.string().optional(),
});

export const runTargetSchema = z.object({ url: z.string(), method: z.string(), stamps: z.record(z.string(), stampSchema) });

export type RunTarget = z.infer<typeof runTargetSchema>;

/** What a dataset row says of its call (datasets.ts's RowAsked; spelled here so runs.ts and datasets.ts do not import each other). */
interface AskedRow {
  sample: { id: string };
  asked?: { job: string; at: number; ms: number; status?: number; error?: string; url?: string; method?: string; attempts?: number };
}

/** The target of the latest ask among the rows (undefined when none was asked). */
export function runTargetOf(rows: readonly AskedRow[]): RunTarget | undefined {
  const asked = rows.filter((row) => row.asked?.url !== undefined);
  const latest = asked.reduce<AskedRow | undefined>((best, row) => (best && (best.asked?.at ?? 0) >= (row.asked?.at ?? 0) ? best : row), undefined);
  const job = latest?.asked;
  if (!job?.url) return undefined;
  const stamps: RunTarget["stamps"] = {};
  for (const row of asked) {
    const a = row.asked!;
    if (a.job !== job.job) continue;
    stamps[row.sample.id] = {
      ...(a.status !== undefined ? { status: a.status } : {}),
      ms: a.ms,
      attempts: a.attempts ?? 1,
      ...(a.error !== undefined ? { error: a.error } : {}),
    };
  }
  return { url: job.url, method: job.method ?? "POST", stamps };
}

/** The outcomes the report builder reads, in the order of the run's samples. */
export function targetOutcomes(target: RunTarget, samples: readonly Sample[]): (TargetOutcome | undefined)[] {
  return samples.map((sample) => {
    const stamp = target.stamps[sample.id];
    if (!stamp) return undefined;
    const status = stamp.status === undefined ? {} : { status: stamp.status };
    if (stamp.error !== undefined) return { error: { code: "target_error", message: stamp.error }, ...status, ms: stamp.ms, attempts: stamp.attempts };
    return { answer: sample.answer, contexts: sample.contexts, status: stamp.status ?? 200, ms: stamp.ms, attempts: stamp.attempts };
  });
}
