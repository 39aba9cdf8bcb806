import {
  type BleuTrace,
  type ChrfTrace,
  clippedUnigramMarks,
  type ExactMatchTrace,
  lcsMarks,
  type MetricTraces,
  type RougeLTrace,
  type StringPresenceTrace,
  type StringSimilarityTrace,
} from "../../../../engine";
import { useT } from "../../i18n";
import { Verdict } from "./Verdict";

/**
 * The traces of the metrics that need no judge: the tokens and counts each score is computed
 * from, so a user can redo the arithmetic by hand (and see how Chinese was split).
 */
export type TextMetricId = "bleu" | "chrf" | "rouge_l" | "string_similarity" | "exact_match" | "string_presence";

export function TextMetricTrace({ id, trace }: { id: TextMetricId; trace: MetricTraces[TextMetricId] }) {
  switch (id) {
    case "bleu":
      return <BleuView trace={trace as BleuTrace} />;
    case "rouge_l":
      return <RougeView trace={trace as RougeLTrace} />;
    case "chrf":
      return <ChrfView trace={trace as ChrfTrace} />;
    case "string_similarity":
      return <DistanceView trace={trace as StringSimilarityTrace} />;
    case "exact_match":
      return <ExactView trace={trace as ExactMatchTrace} />;
    case "string_presence":
      return <PresenceView trace={trace as StringPresenceTrace} />;
  }
}

/** Tokens as chips; the marked ones (matched on the other side) carry a class and say so to screen readers. */
function Tokens({ label, tokens, marks }: { label: string; tokens: readonly string[]; marks: readonly boolean[] }) {
  const t = useT();
  return (
    <section className="token-group" aria-label={label}>
      <h4>
        {label} <span className="muted num">({tokens.length})</span>
      </h4>
      <ol className="token-list">
        {tokens.map((token, i) => (
          <li key={i} className={marks[i] ? "token token-shared" : "token"} title={marks[i] ? t.trace.matched : undefined}>
            {token}
          </li>
        ))}
      </ol>
    </section>
  );
}

function BleuView({ trace }: { trace: BleuTrace }) {
  const t = useT();
  if (!trace.answerTokens) return null;
  return (
    <div className="trace">
      <table className="trace-table">
        <tbody>
          {trace.totals.map((total, i) => (
            <tr key={i}>
              <th scope="row">{t.trace.ngram(i + 1)}</th>
              <td className="num">{t.trace.matchesOf(trace.matches[i] ?? 0, total)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t.trace.brevityPenalty}</th>
            <td className="num">{trace.brevityPenalty.toFixed(3)}</td>
          </tr>
          <tr>
            <th scope="row">{t.trace.tokenizer}</th>
            <td>
              <code>{trace.tokenizer}</code>
            </td>
          </tr>
        </tbody>
      </table>
      {/* Clipped as the score counts them: a token the answer repeats more often than the reference is marked only as often as it counts. */}
      <Tokens label={t.trace.answerTokens} tokens={trace.answerTokens} marks={clippedUnigramMarks(trace.answerTokens, trace.referenceTokens)} />
      <Tokens label={t.trace.referenceTokens} tokens={trace.referenceTokens} marks={clippedUnigramMarks(trace.referenceTokens, trace.answerTokens)} />
    </div>
  );
}

function RougeView({ trace }: { trace: RougeLTrace }) {
  const t = useT();
  if (!trace.answerTokens) return null;
  const marks = lcsMarks(trace.answerTokens, trace.referenceTokens);
  return (
    <div className="trace">
      <p>
        {t.trace.lcs}: <strong className="num">{trace.lcs}</strong>
      </p>
      {/* One longest common subsequence, so the marks number exactly the lcs shown above. */}
      <Tokens label={t.trace.answerTokens} tokens={trace.answerTokens} marks={marks.answer} />
      <Tokens label={t.trace.referenceTokens} tokens={trace.referenceTokens} marks={marks.reference} />
    </div>
  );
}

function ChrfView({ trace }: { trace: ChrfTrace }) {
  const t = useT();
  if (!trace.orders) return null;
  return (
    <div className="trace">
      <h4>{t.trace.charNgrams}</h4>
      <table className="trace-table">
        <thead>
          <tr>
            <th scope="col">n</th>
            <th scope="col">{t.trace.inAnswer}</th>
            <th scope="col">{t.trace.inReference}</th>
            <th scope="col">{t.trace.matched}</th>
          </tr>
        </thead>
        <tbody>
          {trace.orders.map((o) => (
            <tr key={o.n}>
              <th scope="row">{t.trace.ngram(o.n)}</th>
              <td className="num">{o.answer}</td>
              <td className="num">{o.reference}</td>
              <td className="num">{o.matches}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DistanceView({ trace }: { trace: StringSimilarityTrace }) {
  const t = useT();
  if (trace.distance === undefined) return null;
  return (
    <div className="trace">
      <table className="trace-table">
        <tbody>
          <tr>
            <th scope="row">{t.trace.editDistance}</th>
            <td className="num">{trace.distance}</td>
          </tr>
          <tr>
            <th scope="row">
              {t.trace.inAnswer} ({t.trace.characters})
            </th>
            <td className="num">{trace.answerLength}</td>
          </tr>
          <tr>
            <th scope="row">
              {t.trace.inReference} ({t.trace.characters})
            </th>
            <td className="num">{trace.referenceLength}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function ExactView({ trace }: { trace: ExactMatchTrace }) {
  const t = useT();
  if (trace.match === undefined) return null;
  return (
    <div className="trace">
      <Verdict ok={trace.match === 1} label={trace.match === 1 ? t.trace.equal : t.trace.notEqual} />
      {trace.firstDifference !== null ? <span className="muted"> {t.trace.firstDifference(trace.firstDifference + 1)}</span> : null}
    </div>
  );
}

function PresenceView({ trace }: { trace: StringPresenceTrace }) {
  const t = useT();
  if (trace.present === undefined) return null;
  return (
    <div className="trace">
      <Verdict ok={trace.present === 1} label={trace.present === 1 ? t.trace.present : t.trace.absent} />
      {trace.at !== null ? <span className="muted"> {t.trace.foundAt(trace.at + 1)}</span> : null}
    </div>
  );
}
