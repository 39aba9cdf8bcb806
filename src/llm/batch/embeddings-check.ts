import { isCustomId } from "../../engine/metrics/custom";
import { METRICS } from "../../engine/metrics/registry";
import type { AnyMetricId } from "../../engine/metrics/types";
import type { BatchPlanConfig } from "../../engine/run/batch-plan";
import type { WorkUnit } from "../../engine/run/evaluate";
import type { BatchApi } from "./batch-api";

/**
 * Before anything is sent: a run whose metrics embed, on an embeddings endpoint that has no
 * embeddings (Anthropic), is refused in words naming those metrics, rather than stopping after its
 * first rounds were paid for.
 */
export function embeddingsRefusal(units: readonly WorkUnit[], plan: BatchPlanConfig, embeddingsApi: BatchApi): string | undefined {
  if (!plan.hasEmbedder) return undefined;
  const why = embeddingsApi.refuses?.("/v1/embeddings");
  if (!why) return undefined;
  const ids = new Set<AnyMetricId>(units.flatMap((u) => u.metricIds));
  const embedding = [...ids].filter((id) => {
    if (isCustomId(id)) return false;
    const metric = METRICS[id];
    return metric.needsEmbedder?.(plan.metricOptions?.[id] ?? {}) ?? metric.usesEmbeddings;
  });
  return embedding.length > 0 ? `${embedding.join(", ")}: ${why} (run without ${embedding.join(", ")})` : undefined;
}
