import { lazy, Suspense, useState } from "react";
import { type AnyMetricId, METRIC_IDS } from "../../engine";
import { useT } from "../shared/i18n";
import { ReportActions } from "./report-file/ReportActions";
import { DemoBadge } from "../shared/ui/DemoBadge";
import { draftToSample, sameSample } from "../shared/sample-draft";
import { useApp } from "../shared/store";
import { allFailed } from "../shared/results/failures";
import { MetricCard, PendingCard } from "../shared/results/MetricCard";
import { PromptsUsedNote } from "../shared/results/PromptsUsedNote";
import { UsageSummary } from "../shared/results/UsageSummary";
import { ScoreStrip } from "./ScoreStrip";
import { passOf } from "../shared/metric-picker/thresholds";

// The conversation view is only for a scored conversation: its own chunk, not the first screen's.
const ConversationView = lazy(() => import("../shared/explorer/conversation/ConversationView").then((m) => ({ default: m.ConversationView })));

/**
 * The right column: every score in a strip, then one card per metric in a fixed order, each
 * appearing as its metric finishes. When every metric failed the reason is said once, on top.
 */
export function ResultsPanel() {
  const t = useT();
  const scoring = useApp((s) => s.scoring);
  const thresholds = useApp((s) => s.thresholds);
  const [collapsed, setCollapsed] = useState<ReadonlySet<AnyMetricId>>(new Set());
  const contexts = scoring.sample?.contexts ?? [];
  // Built-in metrics in their fixed order, then the user's judges.
  const rank = (id: string) => ((METRIC_IDS as readonly string[]).includes(id) ? (METRIC_IDS as readonly string[]).indexOf(id) : METRIC_IDS.length);
  const judgeNames = Object.fromEntries((scoring.customJudges ?? []).map((j) => [`custom:${j.slug}`, j.name]));
  const ids = [...scoring.metricIds].sort((a, b) => rank(a) - rank(b));
  const stale = useApp((s) => s.scoring.sample !== null && s.scoring.status !== "running" && !sameSample(draftToSample(s.draft, ""), s.scoring.sample));
  const failed = scoring.status === "running" ? null : allFailed(scoring.results);
  // One shared error is said once, in the banner; a single card keeps its own message.
  const failedAbove = failed?.common !== undefined && failed.count > 1;
  const toggle = (id: AnyMetricId) =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const expand = (id: AnyMetricId) =>
    setCollapsed((now) => {
      const next = new Set(now);
      next.delete(id);
      return next;
    });
  return (
    <section id="results" className="panel results-panel" aria-labelledby="results-title" tabIndex={-1}>
      <div className="panel-head">
        <h2 id="results-title">{t.results.title}</h2>
        {scoring.demo ? <DemoBadge /> : null}
        <ReportActions />
      </div>
      {scoring.status === "idle" ? (
        <p className="empty">{t.results.empty}</p>
      ) : (
        <>
          {failed ? (
            <p className="note note-error" role="alert" data-testid="all-failed">
              {failed.common ? t.results.allFailed(failed.count, failed.common.message) : t.results.allFailedEach(failed.count)}
            </p>
          ) : null}
          {stale ? <p className="note note-warn">{t.results.stale}</p> : null}
          {scoring.status === "done" && !scoring.demo ? <PromptsUsedNote results={scoring.results} /> : null}
          <UsageSummary results={scoring.results} demo={scoring.demo} />
          {ids.length > 1 ? (
            <ScoreStrip
              ids={ids}
              results={scoring.results}
              judgeNames={judgeNames}
              onJump={expand}
              onCollapseAll={() => setCollapsed(new Set(ids))}
              onExpandAll={() => setCollapsed(new Set())}
            />
          ) : null}
          <div className="cards">
            {ids.map((id) => {
              const result = scoring.results[id];
              if (result)
                return (
                  <MetricCard
                    key={id}
                    id={id}
                    result={result}
                    contexts={contexts}
                    judgeNames={judgeNames}
                    options={scoring.metricOptions?.[id]}
                    collapsed={collapsed.has(id)}
                    onToggleDetails={() => toggle(id)}
                    failedAbove={failedAbove}
                    pass={passOf(id, result.score, thresholds)}
                  />
                );
              return scoring.status === "running" ? <PendingCard key={id} id={id} /> : null;
            })}
          </div>
          {scoring.sample?.messages && scoring.status !== "running" ? (
            <Suspense fallback={null}>
              <ConversationView sample={scoring.sample} metrics={scoring.results} />
            </Suspense>
          ) : null}
        </>
      )}
    </section>
  );
}
