import { useT } from "../shared/i18n";
import { corsCommand, effectiveProvider, pageOrigin, type ProviderId } from "../shared/settings-model/providers";

/** What the chosen server needs before this page may call it, with this page's origin filled in. */
export function ProviderHelp({ provider: chosen, baseURL }: { provider: ProviderId; baseURL: string }) {
  const provider = effectiveProvider(chosen, baseURL);
  const t = useT();
  const origin = pageOrigin();
  const command = corsCommand(provider, origin);
  const local = provider === "ollama" || provider === "lmstudio" || provider === "vllm";
  return (
    <div className="provider-help" aria-label={t.settings.browserNeeds} role="note">
      <p className="help-title">{t.settings.browserNeeds}</p>
      <p>{t.providerHelp[provider]}</p>
      {command ? <pre className="command">{command}</pre> : null}
      {local && origin.startsWith("https:") ? <p className="muted">{t.providerHelp.localNetwork}</p> : null}
    </div>
  );
}
