import type { AskRowLine } from "./ask-state";
import { useAskT } from "./messages";

/** The latest rows asked, newest first: each row's HTTP status and latency, or why it failed. */
export function AskRecent({ lines }: { lines: readonly AskRowLine[] }) {
  const t = useAskT();
  return (
    <div className="ask-recent">
      <h4>{t.recentTitle}</h4>
      <table aria-label={t.names.recent}>
        <thead>
          <tr>
            <th scope="col">{t.head.row}</th>
            <th scope="col">{t.head.question}</th>
            <th scope="col">{t.head.result}</th>
            <th scope="col">{t.head.ms}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.position} className={line.error ? "ask-failed" : undefined}>
              <td>{line.number}</td>
              <td className="ask-question">{line.question}</td>
              <td>{line.error ?? (line.status === undefined ? "" : t.answered(line.status))}</td>
              <td>{t.rowMs(line.ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
