import { useEffect, useRef, useState } from "react";
import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import { checkConnection, type ConnectionOutcome } from "./connection-check";

/** The connection check's button and verdict: the chat model's, then the embedding model's when one is set. */
export function TestConnection() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ConnectionOutcome | null>(null);
  const abort = useRef<AbortController | null>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  // The verdict may land below the dialog's fold: bring it into view.
  useEffect(() => {
    if (outcome) resultBox.current?.scrollIntoView?.({ block: "nearest" });
  }, [outcome]);

  const run = async () => {
    const { settings, apiKey } = useApp.getState();
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await checkConnection(settings, apiKey, controller.signal);
      if (!controller.signal.aborted) setOutcome(result);
    } catch (error) {
      // Only the transport's chunk failing to load gets here; checkConnection turns request failures into diagnoses.
      const message = error instanceof Error ? error.message : String(error);
      setOutcome({ ok: false, diagnosis: message, say: () => message });
    } finally {
      if (abort.current === controller) setBusy(false);
    }
  };

  const embedding = outcome?.ok ? outcome.embedding : undefined;
  return (
    <div className="test-connection">
      <button type="button" className="btn" disabled={busy} onClick={() => void run()}>
        {busy ? t.settings.testing : t.settings.testConnection}
      </button>
      <div ref={resultBox} className="test-result" aria-live="polite" data-testid="connection-result">
        {outcome?.ok === true ? <p className="note note-ok">{t.settings.testOk(outcome.ms)}</p> : null}
        {embedding?.ok === true ? <p className="note note-ok">{t.settings.testEmbeddingOk(embedding.model, embedding.ms)}</p> : null}
        {embedding?.ok === false ? (
          <p className="note note-error">
            <strong>{t.settings.testEmbeddingFailed}</strong>
            {t.app.colon}
            {embedding.say(t.settings.diagnosis)}
          </p>
        ) : null}
        {outcome?.ok === false ? (
          <p className="note note-error">
            <strong>{t.settings.testFailed}</strong>
            {t.app.colon}
            {outcome.say(t.settings.diagnosis)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
