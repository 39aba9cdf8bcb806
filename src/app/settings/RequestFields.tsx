import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import { NumberInput, Switch } from "./inputs";
import { effectiveStrip } from "../shared/ports/transport";

/** How requests are made: sampling temperature, parallelism, patience, and the CORS header switch. */
export function RequestFields() {
  const t = useT();
  const settings = useApp((s) => s.settings);
  const update = useApp((s) => s.updateSettings);
  return (
    <fieldset className="settings-group">
      <legend>{t.settings.advanced}</legend>
      <div className="field-grid">
        <NumberInput
          id="settings-temperature"
          label={t.settings.temperature}
          value={settings.temperature}
          min={0}
          max={2}
          step={0.1}
          onChange={(v) => update({ temperature: v })}
        />
        <NumberInput
          id="settings-concurrency"
          label={t.settings.concurrency}
          value={settings.concurrency}
          min={1}
          max={64}
          onChange={(v) => update({ concurrency: Math.round(v) })}
          hint={t.settings.concurrencyHint}
        />
        <NumberInput
          id="settings-timeout"
          label={t.settings.timeout}
          value={settings.timeoutSec}
          min={1}
          max={600}
          onChange={(v) => update({ timeoutSec: v })}
        />
        <NumberInput
          id="settings-retries"
          label={t.settings.retries}
          value={settings.maxRetries}
          min={0}
          max={10}
          onChange={(v) => update({ maxRetries: Math.round(v) })}
        />
      </div>
      <Switch
        id="settings-strip"
        label={t.settings.stripHeaders}
        checked={effectiveStrip(settings)}
        onChange={(on) => update({ stripSdkHeaders: on })}
        hint={t.settings.stripHint}
      />
    </fieldset>
  );
}
