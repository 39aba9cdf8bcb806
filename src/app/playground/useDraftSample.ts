import { useMemo } from "react";
import type { Sample } from "../../engine";
import { useApp } from "../shared/store";
import { draftToSample } from "../shared/sample-draft";
import { hasEmbedderFor, planFor, type ScorePlan } from "../shared/ports/judge-ports";

/** The form as a sample, and what Score would do with it (real endpoint, demo judge, or "add a key"). */
export function useDraftSample(): { sample: Sample; plan: ScorePlan; hasEmbedder: boolean } {
  const draft = useApp((s) => s.draft);
  const settings = useApp((s) => s.settings);
  const apiKey = useApp((s) => s.apiKey);
  return useMemo(() => {
    const sample = draftToSample(draft, "draft");
    const plan = planFor(sample, settings, apiKey);
    return { sample, plan, hasEmbedder: hasEmbedderFor(plan, settings.embeddingModel) };
  }, [draft, settings, apiKey]);
}
