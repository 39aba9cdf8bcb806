import { useEffect, useRef, useState } from "react";
import { useT } from "../shared/i18n";
import { loadLlm } from "../shared/ports/llm-loader";
import { useApp } from "../shared/store";
import { providerHint, transportInput } from "../shared/ports/transport";

type Outcome = { ok: true; ms: number } | { ok: false; diagnosis: string } | null;

/** One cheap call without retries, and a diagnosis a person understands (key, model, CORS, rate limit). */
export function TestConnection() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const abort = useRef<AbortController | null>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  // The verdict may land below the dialog's fold: bring it into view.
  useEffect(() => {
    if (outcome) resultBox.current?.scrollIntoView?.({ block: "nearest" });
  }, [outcome]);

  const run = async () => {
    const { settings, apiKey } = useApp.getState();
    const { checkTransportConfig, describeError, testConnection } = await loadLlm();
    const checked = checkTransportConfig(transportInput(settings, apiKey));
    if (!checked.ok) {
      setOutcome({ ok: false, diagnosis: checked.message });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await testConnection(checked.config, controller.signal);
      if (controller.signal.aborted) return;
      if (result.ok) setOutcome({ ok: true, ms: result.ms });
      else {
        // Re-described with the chosen preset, so the CORS advice names the right server.
        const diagnosis = describeError(result.error, { baseURL: checked.config.baseURL, provider: providerHint(settings), model: settings.model, apiKey });
        setOutcome({ ok: false, diagnosis });
      }
    } catch (error) {
      setOutcome({ ok: false, diagnosis: describeError(error, { baseURL: checked.config.baseURL, provider: providerHint(settings), apiKey }) });
    } finally {
      if (abort.current === controller) setBusy(false);
    }
  };

  return (
    <div className="test-connection">
      <button type="button" className="btn" disabled={busy} onClick={() => void run()}>
        {busy ? t.settings.testing : t.settings.testConnection}
      </button>
      <div ref={resultBox} className="test-result" aria-live="polite" data-testid="connection-result">
        {outcome?.ok === true ? <p className="note note-ok">{t.settings.testOk(outcome.ms)}</p> : null}
        {outcome?.ok === false ? (
          <p className="note note-error">
            <strong>{t.settings.testFailed}:</strong> {outcome.diagnosis}
          </p>
        ) : null}
      </div>
    </div>
  );
}
