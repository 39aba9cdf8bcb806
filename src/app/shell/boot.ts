import { refreshHistory, restoreLastSession } from "../shared/persist/history-sync";
import { restoreSettings, startSettingsSync } from "../shared/persist/settings-sync";
import { startDraftSync } from "../shared/persist/draft-sync";
import { loadLlm } from "../shared/ports/llm-loader";
import { appDb } from "../shared/persist/db";
import { useApp } from "../shared/store";
import { startHashRouter } from "./hash-router";

/**
 * Loads saved work before the syncs start (so defaults never overwrite what was saved), then
 * keeps settings, the opted-in key and the last session saved as they change.
 */
export async function boot(): Promise<void> {
  const s = useApp.getState();
  // The URL says where the user is (a view, a dataset, a run, a share link): open it before anything loads.
  startHashRouter();
  s.setStatus((t) => t.status.loading);
  const db = await appDb();
  if (db) {
    await restoreSettings();
    await refreshHistory();
    await restoreLastSession();
  }
  startSettingsSync();
  startDraftSync();
  // Keep <html lang> right for screen readers and CJK font selection.
  const applyLang = (lang: string) => document.documentElement.setAttribute("lang", lang === "zh" ? "zh-CN" : "en");
  applyLang(useApp.getState().lang);
  useApp.subscribe((state, previous) => {
    if (state.lang !== previous.lang) applyLang(state.lang);
  });
  const warm = () => void loadLlm().catch(() => undefined);
  if (typeof requestIdleCallback === "function") requestIdleCallback(warm, { timeout: 2000 });
  else setTimeout(warm, 200);
  useApp.getState().setStatus(db ? (t) => t.status.ready : (t) => t.status.storageUnavailable);
}
