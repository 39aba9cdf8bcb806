import type { CallRecord } from "../../../engine";
import { useT } from "../i18n";
import { formatMs } from "./format";

/** Every request made for a metric: what was sent, what came back, and what it cost. */
export function CallLog({ calls }: { calls: readonly CallRecord[] }) {
  const t = useT();
  // A metric that makes no request (BLEU, exact match, a missing input) has no log to open.
  if (calls.length === 0) return null;
  return (
    <details className="call-log">
      <summary>{t.callLog.title(calls.length)}</summary>
      <ul className="calls">
        {calls.map((call, i) => (
          <li key={i} className="call">
            <div className="call-head">
              <span className="badge">{call.kind === "chat" ? t.callLog.chat : t.callLog.embedding}</span>
              <code>{call.promptId}</code>
              <span className="muted">{call.model}</span>
              {call.promptVersion ? <span className="muted">· {call.promptVersion}</span> : null}
            </div>
            <dl className="call-meta">
              <div>
                <dt>{t.callLog.tokens}</dt>
                <dd>
                  {call.promptTokens} + {call.completionTokens}
                </dd>
              </div>
              <div>
                <dt>{t.callLog.latency}</dt>
                <dd>{formatMs(call.ms, t.callLog)}</dd>
              </div>
              <div>
                <dt>{t.callLog.attempts}</dt>
                <dd>{call.attempts}</dd>
              </div>
              {call.mode ? (
                <div>
                  <dt>{t.callLog.mode}</dt>
                  <dd>{call.mode}</dd>
                </div>
              ) : null}
              <div>
                <dt className="visually-hidden">{t.callLog.cached}</dt>
                <dd className={call.cached ? "badge badge-cached" : "muted"}>{call.cached ? t.callLog.cached : t.callLog.notCached}</dd>
              </div>
            </dl>
            {call.error ? (
              <p className="call-error">
                <strong>{t.callLog.error}:</strong> {call.error}
              </p>
            ) : null}
            {call.kind === "chat" ? (
              <>
                <details className="call-part">
                  <summary>{t.callLog.prompt}</summary>
                  {call.messages?.length ? (
                    call.messages.map((m, j) => (
                      <div key={j} className="message">
                        <span className="message-role">{m.role}</span>
                        <pre>{m.content}</pre>
                      </div>
                    ))
                  ) : (
                    <p className="muted">{t.callLog.noMessages}</p>
                  )}
                </details>
                {call.reply !== undefined ? (
                  <details className="call-part">
                    <summary>{t.callLog.reply}</summary>
                    <pre>{call.reply}</pre>
                  </details>
                ) : null}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
