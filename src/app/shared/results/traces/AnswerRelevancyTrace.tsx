import type { AnswerRelevancyTrace as Trace } from "../../../../engine";
import { useT } from "../../i18n";
import { formatScore } from "../format";

/** The questions the judge read out of the answer, their similarity to the real one, and the noncommittal flag. */
export function AnswerRelevancyTrace({ trace }: { trace: Trace }) {
  const t = useT();
  if (!trace.questions?.length) return null;
  return (
    <div className="trace">
      <h4>{t.trace.questionsHead}</h4>
      <table className="trace-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col" className="wide">
              {t.sample.question}
            </th>
            <th scope="col">{t.trace.similarity}</th>
            <th scope="col">{t.trace.noncommittal}</th>
          </tr>
        </thead>
        <tbody>
          {trace.questions.map((q, i) => (
            <tr key={i}>
              <td className="num">{i + 1}</td>
              <td>{q.text}</td>
              <td className="num">
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${Math.max(0, Math.min(1, q.similarity)) * 100}%` }} />
                </span>
                {formatScore(q.similarity)}
              </td>
              <td className="flag">
                {q.noncommittal === 1 ? <span className="verdict verdict-no">{t.trace.noncommittal}</span> : <span className="muted">{t.trace.committal}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
