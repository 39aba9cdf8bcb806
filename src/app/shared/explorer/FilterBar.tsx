import type { AnyMetricId } from "../../../engine/metrics/types";
import { useT } from "../i18n";
import { metricLabel } from "../results/labels";
import type { Comparison, RowFilter } from "./filter";
import { useExplorerT } from "./messages";
import { useEnglishName } from "../i18n/accessible-name";
import { useStatsT } from "./statistics/messages";

const OPS: Comparison[] = ["<", "<=", ">", ">="];

/** Metric + comparison + threshold ("faithfulness < 0.5"), nulls only, error code, text search. */
export function FilterBar({
  metrics,
  codes,
  filter,
  onChange,
  hasThresholds = false,
}: {
  metrics: readonly AnyMetricId[];
  codes: readonly string[];
  /** The report marks results pass / fail (it ran with thresholds): the pass / fail filter is offered. */
  hasThresholds?: boolean;
  filter: RowFilter;
  onChange: (next: RowFilter) => void;
}) {
  const named = useEnglishName();
  const t = useExplorerT();
  const app = useT();
  const ts = useStatsT();
  const set = (patch: Partial<RowFilter>) => onChange({ ...filter, ...patch });
  return (
    <fieldset className="filter-bar">
      <legend>{t.filters}</legend>
      <label>
        {t.filterMetric}
        <select
          aria-label={named("Filter metric")}
          value={filter.metric ?? ""}
          onChange={(e) => set({ metric: (e.target.value || undefined) as AnyMetricId | undefined })}
        >
          <option value="">{t.anyMetric}</option>
          {metrics.map((m) => (
            <option key={m} value={m}>
              {metricLabel(app, m)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.comparison}
        <select
          aria-label={named("Comparison")}
          value={filter.op ?? "<"}
          onChange={(e) => set({ op: e.target.value as Comparison })}
          disabled={!filter.metric}
          aria-describedby={filter.metric ? undefined : "filter-op-why"}
          title={filter.metric ? undefined : t.comparisonNeedsMetric}
        >
          {OPS.map((op) => (
            <option key={op} value={op}>
              {op}
            </option>
          ))}
        </select>
        {filter.metric ? null : (
          <span id="filter-op-why" className="filter-why">
            {t.comparisonNeedsMetric}
          </span>
        )}
      </label>
      <label>
        {t.threshold}
        <input
          type="number"
          aria-label={named("Threshold")}
          min={0}
          max={1}
          step={0.05}
          disabled={!filter.metric}
          value={filter.threshold ?? ""}
          onChange={(e) => set({ threshold: e.target.value === "" ? undefined : Number(e.target.value), op: filter.op ?? "<" })}
        />
      </label>
      <label className="check">
        <input type="checkbox" aria-label={named("Nulls only")} checked={filter.nullsOnly === true} onChange={(e) => set({ nullsOnly: e.target.checked })} />
        {t.nullsOnly}
      </label>
      <label>
        {t.errorCode}
        <select aria-label={named("Error code")} value={filter.code ?? ""} onChange={(e) => set({ code: e.target.value || undefined })}>
          <option value="">{t.anyCode}</option>
          {codes.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {hasThresholds ? (
        <label>
          {ts.passFilter}
          <select
            aria-label={named("Pass or fail")}
            value={filter.pass ?? ""}
            onChange={(e) => set({ pass: e.target.value === "pass" || e.target.value === "fail" ? e.target.value : undefined })}
          >
            <option value="">{ts.passAny}</option>
            <option value="pass">{ts.passOnly}</option>
            <option value="fail">{ts.failOnly}</option>
          </select>
        </label>
      ) : null}
      <label>
        {t.search}
        <input
          type="search"
          aria-label={named("Search results")}
          placeholder={t.searchPlaceholder}
          value={filter.text ?? ""}
          onChange={(e) => set({ text: e.target.value })}
        />
      </label>
      <button type="button" className="btn btn-small" onClick={() => onChange({})}>
        {t.clearFilters}
      </button>
    </fieldset>
  );
}
