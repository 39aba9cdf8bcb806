import type { AnyMetricId } from "../../../engine";
import { useEnglishName } from "../i18n/accessible-name";
import { lowerIsBetter } from "../results/labels";
import { useStatsT } from "../explorer/statistics/messages";
import { thresholdProblem } from "./thresholds";

/**
 * A ticked metric's optional threshold (contract 14): a result passes at or above it (at or below
 * for a lower-is-better metric). Empty means no threshold; a value outside 0-1 is said, not used.
 */
export function ThresholdInput({ id, value, onChange }: { id: AnyMetricId; value: string; onChange(id: AnyMetricId, value: string): void }) {
  const named = useEnglishName();
  const t = useStatsT();
  const bad = thresholdProblem(value);
  return (
    <label className="metric-threshold">
      {t.threshold} {lowerIsBetter(id) ? "≤" : "≥"}{" "}
      <input
        type="number"
        aria-label={named(`Threshold for ${id}`)}
        aria-invalid={bad || undefined}
        min={0}
        max={1}
        step={0.05}
        value={value}
        placeholder="–"
        onChange={(e) => onChange(id, e.target.value)}
      />
      {bad ? <span className="metric-why">{t.thresholdRange}</span> : null}
    </label>
  );
}
