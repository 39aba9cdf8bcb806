import type { AgreementFile } from "../../storage/format/agreement-file";
import { useFormats } from "../shared/i18n/format";
import { useApp } from "../shared/store";
import { useAgreementT } from "./messages";
import { costText } from "./spend-text";

/** What a run spent, from its file's usage block (priced with the Settings' table); an older file says it has none. */
export function UsageLine({ file }: { file: AgreementFile }) {
  const t = useAgreementT();
  const fmt = useFormats();
  const prices = useApp((s) => s.settings.prices);
  const u = file.usage;
  if (!u) return <span className="agreement-usage">{t.noUsage}</span>;
  return (
    <span className="agreement-usage" data-testid="agreement-usage">
      {t.usage(u.requests, u.promptTokens, u.completionTokens, costText(u.byModel, prices, t, fmt) ?? "–")}
      {u.cachedRequests ? " · " : null}
      {u.cachedRequests ? t.cached(u.cachedRequests) : null}
    </span>
  );
}
