import type { AnyMetricId } from "../../../engine/metrics/types";
import { useT } from "../i18n";
import { metricLabel } from "../results/labels";
import { formatScore } from "../results/format";
import type { MetricComparisonView } from "./comparison-model";
import { useStatsT } from "./statistics/messages";
import { ScrollX } from "../ui/ScrollHint";
import { formatP, formatSigned } from "./stats-format";

/**
 * Contract 14's comparison, one row per metric: pairs (and the samples left out), both means, the
 * paired difference with its interval, the test, p and Holm's p, and the verdict in words; beside
 * "no detectable difference", about how many pairs a difference of 0.05 would need.
 */
export function ComparisonTable({ rows, names }: { rows: readonly MetricComparisonView[]; names?: Readonly<Record<string, string>> }) {
  const t = useStatsT();
  const app = useT();
  return (
    <ScrollX>
      <table className="compare-summary compare-stats" aria-label={t.names.comparison}>
        <thead>
          <tr>
            <th scope="col">{t.metric}</th>
            <th scope="col">{t.verdict}</th>
            <th scope="col">{t.difference}</th>
            <th scope="col">{t.pairs}</th>
            <th scope="col">{t.meanA}</th>
            <th scope="col">{t.meanB}</th>
            <th scope="col">{t.test}</th>
            <th scope="col">{t.p}</th>
            <th scope="col">{t.pHolm}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <ComparisonRow key={r.metric} row={r} label={metricLabel(app, r.metric as AnyMetricId, names)} />
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}

function ComparisonRow({ row, label }: { row: MetricComparisonView; label: string }) {
  const t = useStatsT();
  const verdictClass = row.verdict === "better" ? "verdict-better" : row.verdict === "worse" ? "verdict-worse" : "verdict-none";
  return (
    <tr data-testid={`comparison-${row.metric}`}>
      <th scope="row">
        {label}
        {row.lowerIsBetter ? <span className="muted small-note block-note"> {t.lowerIsBetterNote}</span> : null}
      </th>
      {/* The verdict comes first after the metric: in a narrow window it is what shows without scrolling. */}
      <td className={`verdict-cell ${verdictClass}`} data-testid={`verdict-${row.metric}`}>
        <strong>{t.verdicts[row.verdict] ?? row.verdict}</strong>
        {row.verdict === "no detectable difference" ? (
          <span className="muted small-note block-note"> {row.samplesFor005 === null ? t.powerNoSpread : t.power(row.samplesFor005)}</span>
        ) : null}
      </td>
      <td data-testid={`difference-${row.metric}`}>
        {formatSigned(row.difference)}
        {row.ci95 ? (
          <span className="muted">
            {" "}
            [{formatSigned(row.ci95[0])}, {formatSigned(row.ci95[1])}]
          </span>
        ) : null}
      </td>
      <td>
        {row.n}
        {row.nullPairs > 0 ? <span className="muted small-note block-note"> {t.leftOut(row.nullPairs)}</span> : null}
      </td>
      <td>{formatScore(row.baseMean)}</td>
      <td>{formatScore(row.candidateMean)}</td>
      <td>{row.n > 0 ? (t.tests[row.test] ?? row.test) : t.noPairs}</td>
      <td>{formatP(row.p)}</td>
      <td data-testid={`p-holm-${row.metric}`}>{formatP(row.pHolm)}</td>
    </tr>
  );
}
