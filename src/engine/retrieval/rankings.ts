import { z } from "zod";
import { measures, type RankedList } from "../metrics/shared/ranking";
import type { Sample } from "../sample";

/**
 * A run's rankings, from what its report already keeps (no new run): the K-sweep and the
 * judge-label scores are computed from these. A sample scored by any retrieval metric has its
 * ranked list in that metric's trace (the whole de-duplicated list, whatever its k); a sample with
 * contexts but no ids takes its labels from context precision's per-context verdicts, the judge's
 * "was this context useful" (ids are the context's rank, R = the useful ones among those retrieved,
 * so recall there is relative to what was retrieved). `source` says which, so a view can say where
 * each label came from.
 */
export type LabelSource = "ids" | "judge";

export interface SampleRanking {
  sampleId: string;
  source: LabelSource;
  list: RankedList;
}

/** What a report's result row is to this module: traces are untrusted until parsed. */
export interface ResultRow {
  sampleId: string;
  metrics: Record<string, { trace: unknown } | undefined>;
}

const rankedTrace = z.object({
  retrieved: z.array(z.object({ id: z.string(), rank: z.number().int().min(1), gain: z.number().min(0) })),
  relevantCount: z.number().int().min(0),
  relevantGains: z.array(z.number().positive()),
});
const verdictTrace = z.object({ contexts: z.array(z.object({ index: z.number().int().min(0), verdict: z.union([z.literal(0), z.literal(1)]) })) });

const RETRIEVAL_IDS = Object.keys(measures);

export function rankingsOf(samples: readonly Sample[], results: readonly ResultRow[]): SampleRanking[] {
  const byId = new Map(results.map((r) => [r.sampleId, r]));
  const out: SampleRanking[] = [];
  for (const sample of samples) {
    const metrics = byId.get(sample.id)?.metrics ?? {};
    const fromIds = RETRIEVAL_IDS.map((id) => rankedTrace.safeParse(metrics[id]?.trace)).find((p) => p.success);
    if (fromIds?.success) {
      out.push({ sampleId: sample.id, source: "ids", list: { k: null, ...fromIds.data } });
      continue;
    }
    if (sample.retrievedContextIds !== undefined) continue;
    const verdicts = verdictTrace.safeParse(metrics.context_precision?.trace);
    if (verdicts.success && verdicts.data.contexts.length > 0) out.push({ sampleId: sample.id, source: "judge", list: judgeList(verdicts.data.contexts) });
  }
  return out;
}

/** The judge's verdicts as a ranked list: context n at rank n, gain = its verdict. */
function judgeList(contexts: readonly { index: number; verdict: 0 | 1 }[]): RankedList {
  const ordered = [...contexts].sort((a, b) => a.index - b.index);
  const retrieved = ordered.map((c, i) => ({ id: `#${c.index + 1}`, rank: i + 1, gain: c.verdict }));
  const relevantGains = retrieved.filter((item) => item.gain > 0).map(() => 1);
  return { k: null, retrieved, relevantCount: relevantGains.length, relevantGains };
}

/** A measure at k under contract 15's rules: undefined with no relevant id, 0 with nothing retrieved. */
export function measureAt(list: RankedList, id: keyof typeof measures, k: number): number | undefined {
  if (list.relevantCount === 0) return undefined;
  if (list.retrieved.length === 0) return 0;
  return measures[id](list, k);
}
