import { useEffect, useRef, useState } from "react";
import { useT } from "../shared/i18n";
import { useEnglishName } from "../shared/i18n/accessible-name";
import { forgetKeyEverywhere } from "../shared/persist/settings-sync";
import { useApp } from "../shared/store";

/**
 * The API key: in memory unless "Remember on this device" is ticked (an explicit opt-in), and a
 * "Forget key" that removes it from this device and from memory.
 */
export function KeyField() {
  const t = useT();
  const named = useEnglishName();
  const apiKey = useApp((s) => s.apiKey);
  const setApiKey = useApp((s) => s.setApiKey);
  const remember = useApp((s) => s.settings.rememberKey);
  const baseURL = useApp((s) => s.settings.baseURL);
  const update = useApp((s) => s.updateSettings);
  const [forgotten, setForgotten] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Uncontrolled on purpose: a controlled input mirrors its value into the DOM attribute, and
  // the key should not sit in the serialized page. Outside changes (Forget key) are pushed in.
  useEffect(() => {
    if (input.current && input.current.value !== apiKey) input.current.value = apiKey;
  }, [apiKey]);
  return (
    <div className="key-field">
      <div className="field">
        <label htmlFor="settings-api-key">{t.settings.apiKey}</label>
        <input
          ref={input}
          id="settings-api-key"
          type="password"
          aria-label={named("API key")}
          aria-describedby="settings-api-key-hint"
          defaultValue={apiKey}
          placeholder={t.settings.apiKeyPlaceholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setForgotten(false);
            setApiKey(event.target.value);
          }}
        />
        <p id="settings-api-key-hint" className="field-note">
          {baseURL ? t.settings.keyDestination(baseURL) : null} {remember ? null : t.settings.keyInMemory}
        </p>
      </div>
      <div className="key-actions">
        <label className="checkbox">
          <input type="checkbox" checked={remember} aria-describedby="remember-hint" onChange={(event) => update({ rememberKey: event.target.checked })} />
          <span>{t.settings.remember}</span>
        </label>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            void forgetKeyEverywhere().then(() => setForgotten(true));
          }}
        >
          {t.settings.forgetKey}
        </button>
      </div>
      <p id="remember-hint" className="field-note">
        {t.settings.rememberHint}
      </p>
      {forgotten ? (
        <p className="field-note note-ok" aria-live="polite">
          {t.settings.keyForgotten}
        </p>
      ) : null}
    </div>
  );
}
