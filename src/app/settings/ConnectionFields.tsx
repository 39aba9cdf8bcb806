import { getMetric, METRIC_IDS } from "../../engine";
import { useT } from "../shared/i18n";
import { useFormats } from "../shared/i18n/format";
import { useApp } from "../shared/store";
import { TextInput } from "./inputs";
import { KeyField } from "./KeyField";
import { applyProvider } from "../shared/settings-model/model";
import { ProviderHelp } from "./ProviderHelp";
import { isProviderId, PROVIDER_IDS, providerForUrl } from "../shared/settings-model/providers";
import { TestConnection } from "./TestConnection";

/** Every built-in metric that may send an embeddings request, from the registry (not a list kept here by hand). */
const EMBEDDING_METRICS = METRIC_IDS.filter((id) => getMetric(id).usesEmbeddings);

/** Where requests go: provider preset, endpoint, key, models; plus the connection test. */
export function ConnectionFields() {
  const t = useT();
  const fmt = useFormats();
  const settings = useApp((s) => s.settings);
  const update = useApp((s) => s.updateSettings);
  const replace = useApp((s) => s.replaceSettings);
  return (
    <fieldset className="settings-group">
      <legend>{t.settings.connection}</legend>
      <div className="field">
        <label htmlFor="settings-provider">{t.settings.provider}</label>
        <select
          id="settings-provider"
          value={settings.provider}
          onChange={(event) => {
            const id = event.target.value;
            if (isProviderId(id)) replace(applyProvider(useApp.getState().settings, id));
          }}
        >
          {PROVIDER_IDS.map((id) => (
            <option key={id} value={id}>
              {t.settings.providers[id]}
            </option>
          ))}
        </select>
      </div>
      <ProviderHelp provider={settings.provider} baseURL={settings.baseURL} />
      <TextInput
        id="settings-base-url"
        label={t.settings.baseURL}
        name="Base URL"
        type="url"
        value={settings.baseURL}
        // The provider select follows the URL typed (an OpenAI preset pointed elsewhere is a custom server).
        onChange={(v) => update({ baseURL: v, provider: providerForUrl(v, useApp.getState().settings.provider) })}
        placeholder="https://…/v1"
      />
      <KeyField />
      <div className="field-row">
        <TextInput
          id="settings-model"
          label={t.settings.model}
          name="Model"
          value={settings.model}
          onChange={(v) => update({ model: v })}
          hint={settings.provider === "azure" ? t.settings.modelHintAzure : undefined}
        />
        <TextInput
          id="settings-embedding-model"
          label={t.settings.embeddingModel}
          name="Embedding model"
          value={settings.embeddingModel}
          onChange={(v) => update({ embeddingModel: v })}
          hint={t.settings.embeddingHint(fmt.list(EMBEDDING_METRICS.map((id) => t.metrics[id])))}
        />
      </div>
      <TextInput
        id="settings-embedding-base-url"
        label={t.settings.embeddingBaseURL}
        type="url"
        value={settings.embeddingBaseURL}
        onChange={(v) => update({ embeddingBaseURL: v })}
        hint={t.settings.embeddingBaseHint}
      />
      {settings.provider === "azure" ? (
        <TextInput
          id="settings-azure-version"
          label={t.settings.azureApiVersion}
          value={settings.azureApiVersion}
          onChange={(v) => update({ azureApiVersion: v })}
        />
      ) : null}
      <TestConnection />
    </fieldset>
  );
}
