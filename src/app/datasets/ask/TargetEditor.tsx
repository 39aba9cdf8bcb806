import { useEnglishName } from "../../shared/i18n/accessible-name";
import { useAskT } from "./messages";
import { newHeader, type TargetDraft } from "./target-draft";
import { editTarget, useTarget } from "./target-store";

const METHODS: readonly TargetDraft["method"][] = ["POST", "PUT", "GET"];
const STREAMS: readonly TargetDraft["stream"][] = ["none", "sse", "jsonl"];

/**
 * The target form: URL, method, reply kind, body template, the three JSONPaths and the headers.
 * A secret header's value is a password field and follows the API key's rule (target-store.ts).
 */
export function TargetEditor() {
  const t = useAskT();
  const named = useEnglishName();
  const draft = useTarget((s) => s.draft);
  const setHeader = (index: number, change: Partial<TargetDraft["headers"][number]>) =>
    editTarget({ headers: draft.headers.map((h, i) => (i === index ? { ...h, ...change } : h)) });
  const text = (label: string, name: string, key: "url" | "answer" | "contexts" | "contextIds" | "toolCalls", placeholder?: string) => (
    <label className="ask-field">
      <span>{label}</span>
      <input
        type="text"
        aria-label={named(name)}
        value={draft[key]}
        spellCheck={false}
        placeholder={placeholder}
        onChange={(e) => editTarget({ [key]: e.target.value })}
      />
    </label>
  );
  return (
    <fieldset className="ask-target" aria-label={t.names.target}>
      <legend>{t.targetTitle}</legend>
      {text(t.url, "Target URL", "url", "https://rag.example.com/invoke")}
      <div className="ask-row">
        <label className="ask-field">
          <span>{t.method}</span>
          <select
            aria-label={named("Method")}
            value={draft.method}
            onChange={(e) => editTarget({ method: METHODS.find((m) => m === e.target.value) ?? "POST" })}
          >
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {t.methods[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="ask-field">
          <span>{t.stream}</span>
          <select
            aria-label={named("Reply")}
            value={draft.stream}
            onChange={(e) => editTarget({ stream: STREAMS.find((s) => s === e.target.value) ?? "none" })}
          >
            {STREAMS.map((s) => (
              <option key={s} value={s}>
                {t.streams[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {draft.method === "GET" ? null : (
        <label className="ask-field">
          <span>{t.body}</span>
          <textarea aria-label={named("Body template")} rows={4} value={draft.body} spellCheck={false} onChange={(e) => editTarget({ body: e.target.value })} />
          <span className="field-hint">{t.bodyHint}</span>
        </label>
      )}
      {text(t.answerPath, "Answer path", "answer", t.defaults.answer)}
      {text(t.contextsPath, "Contexts path", "contexts", t.defaults.contexts)}
      {text(t.contextIdsPath, "Context ids path", "contextIds", t.defaults.contextIds)}
      {text(t.toolCallsPath, "Tool calls path", "toolCalls")}
      <p className="field-hint">{t.pathsHint}</p>
      <div className="ask-headers">
        <span className="ask-headers-title">{t.headers}</span>
        {draft.headers.map((header, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: header rows have no identity but their place; names may repeat while typed
          <div className="ask-header" key={index}>
            <input
              type="text"
              aria-label={t.headerName(index + 1)}
              value={header.name}
              spellCheck={false}
              onChange={(e) => setHeader(index, { name: e.target.value })}
            />
            <input
              type={header.secret ? "password" : "text"}
              aria-label={t.headerValue(index + 1)}
              value={header.value}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => setHeader(index, { value: e.target.value })}
            />
            <label className="ask-check">
              <input type="checkbox" checked={header.secret} onChange={(e) => setHeader(index, { secret: e.target.checked })} /> {t.headerSecret}
            </label>
            <button
              type="button"
              className="btn btn-small btn-quiet"
              aria-label={t.removeHeader(index + 1)}
              onClick={() => editTarget({ headers: draft.headers.filter((_, i) => i !== index) })}
            >
              {t.removeSymbol}
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-small" onClick={() => editTarget({ headers: [...draft.headers, newHeader("Authorization")] })}>
          + {t.addHeader}
        </button>
      </div>
      <label className="ask-check">
        <input type="checkbox" checked={draft.rememberSecrets} onChange={(e) => editTarget({ rememberSecrets: e.target.checked })} /> {t.rememberSecrets}
      </label>
      <p className="field-hint">{t.secretsNote}</p>
    </fieldset>
  );
}
