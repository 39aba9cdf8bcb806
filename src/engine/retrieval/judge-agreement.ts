import { z } from "zod";
import { gainsOf } from "../metrics/shared/ranking";
import type { Sample } from "../sample";
import type { ResultRow } from "./rankings";

/**
 * How often the context precision judge's per-context verdicts agree with the reference ids, for a
 * dataset that has both: context i is retrieved id i (ragas keeps `retrieved_contexts` and
 * `retrieved_context_ids` in the same order), "relevant" by the ids when its gain > 0. A sample
 * whose lists differ in length cannot be paired and is counted as skipped, never guessed.
 */
export interface VerdictAgreement {
  /** Judge useful and id relevant / judge useful, id not / judge not, id relevant / neither. */
  bothRelevant: number;
  judgeOnly: number;
  idsOnly: number;
  neither: number;
  /** Contexts compared, and the share where both say the same. */
  contexts: number;
  agreement: number | null;
  samples: number;
  skipped: number;
}

const verdictTrace = z.object({ contexts: z.array(z.object({ index: z.number().int().min(0), verdict: z.union([z.literal(0), z.literal(1)]) })) });

export function verdictAgreement(samples: readonly Sample[], results: readonly ResultRow[]): VerdictAgreement {
  const byId = new Map(results.map((r) => [r.sampleId, r]));
  const out: VerdictAgreement = { bothRelevant: 0, judgeOnly: 0, idsOnly: 0, neither: 0, contexts: 0, agreement: null, samples: 0, skipped: 0 };
  for (const sample of samples) {
    const ids = sample.retrievedContextIds;
    const parsed = verdictTrace.safeParse(byId.get(sample.id)?.metrics.context_precision?.trace);
    if (!ids || !parsed.success || (!sample.referenceContextIds && !sample.referenceContextGrades)) continue;
    const verdicts = parsed.data.contexts;
    if (ids.length !== sample.contexts.length || verdicts.length !== ids.length) {
      out.skipped++;
      continue;
    }
    const gains = gainsOf(sample);
    for (const { index, verdict } of verdicts) {
      const relevant = (gains.get(ids[index] ?? "") ?? 0) > 0;
      if (verdict === 1 && relevant) out.bothRelevant++;
      else if (verdict === 1) out.judgeOnly++;
      else if (relevant) out.idsOnly++;
      else out.neither++;
    }
    out.samples++;
  }
  out.contexts = out.bothRelevant + out.judgeOnly + out.idsOnly + out.neither;
  out.agreement = out.contexts === 0 ? null : (out.bothRelevant + out.neither) / out.contexts;
  return out;
}
