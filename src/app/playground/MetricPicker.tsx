import { useEffect, useMemo } from "react";
import { type AnyMetricId, getMetric, needsNoModel } from "../../engine";
import { useT } from "../shared/i18n";
import { pickerRows } from "../shared/metric-picker/groups";
import { MetricGroups } from "../shared/metric-picker/MetricGroups";
import { judgeNamesOf, loadCustomJudges, useCustomJudges } from "../shared/persist/custom-judges";
import { useApp } from "../shared/store";
import { missingReason } from "./missing-reason";
import { demoCovers } from "./scoring";
import { useDraftSample } from "./useDraftSample";

/**
 * Every metric grouped by what it needs (a judge, embeddings, nothing) and the user's judges,
 * with inputs and cost per sample; a metric whose input is missing is disabled and says why.
 */
export function MetricPicker() {
  const t = useT();
  const selected = useApp((s) => s.selected);
  const toggle = useApp((s) => s.toggleMetric);
  const raw = useApp((s) => s.metricOptions);
  const setOption = useApp((s) => s.setMetricOption);
  const thresholds = useApp((s) => s.thresholds);
  const setThreshold = useApp((s) => s.setThreshold);
  const judges = useCustomJudges((s) => s.judges);
  const { sample, plan, hasEmbedder } = useDraftSample();
  useEffect(() => {
    void loadCustomJudges();
  }, []);
  const rows = useMemo(() => pickerRows(sample, judges, raw), [sample, judges, raw]);
  const reasonOf = (id: AnyMetricId) => {
    const missing = missingReason(t, getMetric(id, judges), sample, hasEmbedder);
    if (missing) return missing;
    return plan.kind === "demo" && !demoCovers(id, judges) && !needsNoModel(getMetric(id, judges)) ? t.more.demoCovers : undefined;
  };
  return (
    <fieldset className="metrics">
      <legend>{t.sample.metrics}</legend>
      <MetricGroups
        rows={rows}
        selected={selected}
        onToggle={toggle}
        raw={raw}
        onOption={setOption}
        reasonOf={reasonOf}
        judgeNames={judgeNamesOf(judges)}
        idPrefix="metric"
        thresholds={thresholds}
        onThreshold={setThreshold}
      />
    </fieldset>
  );
}
