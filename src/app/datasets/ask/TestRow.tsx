import { useRef, useState } from "react";
import type { TargetExchange } from "../../../llm/target/ask-target";
import { useEnglishName } from "../../shared/i18n/accessible-name";
import { diagnoseNoAnswer } from "./cors-diagnosis";
import { askT, useAskT } from "./messages";
import { buildTarget, noHttpAnswer } from "./target-call";
import { useTarget } from "./target-store";

type Shown = { exchange: TargetExchange; diagnosis: string | null } | { problem: string };

/**
 * "Test with one row": one call, no retries, for the dataset's first row, before anything runs:
 * the request as sent (secret headers redacted by the core), the reply, and what each path picked,
 * or why nothing came back (the CORS diagnosis).
 */
export function TestRow({ question, timeoutSeconds }: { question: string | undefined; timeoutSeconds: number }) {
  const t = useAskT();
  const named = useEnglishName();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    if (question === undefined) return;
    const tNow = askT();
    const built = buildTarget(useTarget.getState().draft, { timeoutMs: Math.round(timeoutSeconds * 1000), retries: 0 });
    if (!built.ok) return setShown({ problem: built.field === "body" ? tNow.badBody(built.problem) : tNow.badTarget(built.problem) });
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setShown(null);
    try {
      const exchange = await built.client.test({ question }, controller.signal);
      const origin = globalThis.location?.origin ?? "";
      const diagnosis = noHttpAnswer(exchange.outcome)
        ? await diagnoseNoAnswer({ url: built.url, method: built.method, headerNames: built.headerNames, origin }, tNow)
        : null;
      if (!controller.signal.aborted) setShown({ exchange, diagnosis });
    } finally {
      if (abort.current === controller) setBusy(false);
    }
  };

  return (
    <div className="ask-test">
      <button type="button" className="btn" aria-label={named("Test with one row")} disabled={busy || question === undefined} onClick={() => void run()}>
        {busy ? t.testing : t.testRow}
      </button>
      <section className="ask-test-result" aria-label={t.names.test} aria-live="polite">
        {shown && "problem" in shown ? <p className="note note-error">{shown.problem}</p> : null}
        {shown && "exchange" in shown ? <ExchangeView exchange={shown.exchange} diagnosis={shown.diagnosis} /> : null}
      </section>
    </div>
  );
}

function ExchangeView({ exchange, diagnosis }: { exchange: TargetExchange; diagnosis: string | null }) {
  const t = useAskT();
  const { request, outcome } = exchange;
  const picked = exchange.picked;
  const list = (items: readonly string[] | undefined) => (items && items.length > 0 ? items.map((c) => JSON.stringify(c)).join(", ") : t.pickedNothing);
  return (
    <div className="ask-exchange">
      <h4>{t.requestSent}</h4>
      <pre className="ask-pre">
        {`${request.method} ${request.url}\n${Object.entries(request.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n")}${request.body === undefined ? "" : `\n\n${request.body}`}`}
      </pre>
      <h4>{t.reply(exchange.status ?? null, Math.round(outcome.ms))}</h4>
      {exchange.reply !== undefined ? <pre className="ask-pre">{exchange.reply}</pre> : null}
      {picked ? (
        <>
          <h4>{t.picked}</h4>
          <dl className="ask-picked">
            <dt>{t.answerPath}</dt>
            <dd>{picked.answer === "" ? t.pickedNothing : picked.answer}</dd>
            <dt>{t.contextsPath}</dt>
            <dd>{list(picked.contexts)}</dd>
            <dt>{t.contextIdsPath}</dt>
            <dd>{list(picked.contextIds)}</dd>
            {picked.toolCalls ? (
              <>
                <dt>{t.toolCallsPath}</dt>
                <dd>{list(picked.toolCalls.map((call) => `${call.name}(${JSON.stringify(call.args)})`))}</dd>
              </>
            ) : null}
          </dl>
        </>
      ) : null}
      {"error" in outcome ? <p className="note note-error">{outcome.error.message}</p> : null}
      {diagnosis ? (
        <p className="note note-error" role="alert">
          {diagnosis}
        </p>
      ) : null}
    </div>
  );
}
