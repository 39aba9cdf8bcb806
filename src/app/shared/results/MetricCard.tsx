import type { AnyMetricId, MetricOptions, MetricResult } from "../../../engine";
import { optionsText } from "../metric-picker/groups";
import { useT } from "../i18n";
import { CallLog } from "./CallLog";
import { ErrorBoundary } from "../ui/ErrorBoundary";
import { useApp } from "../store";
import { lowerIsBetter, metricLabel } from "./labels";
import { ScoreBadge } from "./ScoreBadge";
import { traceSummary } from "./summary";
import { TraceView } from "./traces/TraceView";
import { PassMark } from "../explorer/PassMark";
import { NullReason } from "./NullReason";

/** One metric's result: score, the reason in words, the trace it came from, and its call log. */
export function MetricCard({
  id,
  result,
  contexts,
  judgeNames,
  options,
  collapsed = false,
  onToggleDetails,
  failedAbove = false,
  pass,
}: {
  id: AnyMetricId;
  result: MetricResult;
  contexts: readonly string[];
  /** Custom judges' names by id (a card otherwise shows the judge's slug). */
  judgeNames?: Readonly<Record<string, string>>;
  /** The options it ran with, shown beside the score (absent or empty: every default). */
  options?: MetricOptions;
  /** Only the score and the reason, without the trace and the call log. */
  collapsed?: boolean;
  /** Given, the card has a button that shows or hides its details. */
  onToggleDetails?: () => void;
  /** Its error is the one every card shares, said once above the cards: the card points there. */
  failedAbove?: boolean;
  /** Against the threshold set beside its metric (contract 14); undefined without one. */
  pass?: boolean | undefined;
}) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const calls = result.trace?.calls ?? [];
  const allCached = calls.length > 0 && calls.every((c) => c.cached);
  // Ids only where the cards are the page's one list of metrics (the playground, which passes
  // onToggleDetails): elsewhere two cards of one metric may sit side by side (a pair, A and B).
  const domId = onToggleDetails ? metricCardDomId(id) : undefined;
  const detailsId = domId ? `details-${domId}` : undefined;
  return (
    <section
      id={domId}
      tabIndex={domId ? -1 : undefined}
      className={`card metric-card${result.score === null ? " is-null" : ""}`}
      aria-label={t.results.cardName(id)}
    >
      <header className="card-head">
        <div>
          <h3>{metricLabel(t, id, judgeNames)}</h3>
          <code className="metric-id">{id}</code>
          {lowerIsBetter(id) ? <span className="badge badge-lower">{t.more.lowerIsBetter}</span> : null}
          {allCached ? <span className="badge badge-cached">{t.results.cached}</span> : null}
          {onToggleDetails ? (
            <button
              type="button"
              className="btn btn-small btn-quiet details-toggle"
              aria-expanded={!collapsed}
              aria-controls={detailsId}
              onClick={onToggleDetails}
            >
              {collapsed ? t.results.showDetails : t.results.hideDetails}
            </button>
          ) : null}
        </div>
        <ScoreBadge id={id} result={result} />
        <PassMark pass={pass} />
      </header>
      {optionsText(options) ? <p className="muted metric-options-used">{t.more.optionsShown(optionsText(options))}</p> : null}
      {result.score === null && result.error ? (
        <NullReason error={result.error} detail={failedAbove ? t.results.failedAbove : undefined} />
      ) : (
        <Reason text={traceSummary(lang, id, result) ?? result.reason} />
      )}
      <div id={detailsId} className="card-details" hidden={collapsed}>
        <ErrorBoundary fallback={(message) => <p className="note note-error">{t.results.traceBroken(message)}</p>}>
          <TraceView id={id} result={result} contexts={contexts} />
        </ErrorBoundary>
        <CallLog calls={calls} />
      </div>
    </section>
  );
}

/** The element id of a metric's card, so a link or the score strip can bring it into view. */
export function metricCardDomId(id: AnyMetricId): string {
  return `card-${id.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

function Reason({ text }: { text: string | undefined }) {
  return text ? <p className="reason">{text}</p> : null;
}

/** Holds a metric's place while it runs; deliberately not named "<id> result". */
export function PendingCard({ id }: { id: AnyMetricId }) {
  const t = useT();
  return (
    <div className="card metric-card is-pending" aria-busy="true">
      <header className="card-head">
        <div>
          <h3>{metricLabel(t, id)}</h3>
          <code className="metric-id">{id}</code>
        </div>
        <span className="spinner-label">
          <span className="spinner" aria-hidden="true" /> {t.results.pending}
        </span>
      </header>
    </div>
  );
}
