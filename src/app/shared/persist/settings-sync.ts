import { forgetKey, loadRememberedKey, rememberKey } from "../../../storage/db/keys";
import { loadSettings, saveSettings } from "../../../storage/db/settings";
import { DOC_KEYS } from "../../../storage/db/schema";
import { useApp } from "../store";
import { appDb, withDb } from "./db";
import { fromStored, toStored } from "./settings-map";

const SAVE_DELAY_MS = 300;

/** Loads saved settings (and the key, only if the user opted in to remembering it). */
export async function restoreSettings(): Promise<void> {
  await withDb(async (db) => {
    const exists = (await db.get("settings", DOC_KEYS.settings)) !== undefined;
    if (!exists) return; // first visit: keep the defaults and the browser's language
    const { settings: stored } = await loadSettings(db);
    const { settings, language, bypassCache } = fromStored(stored);
    useApp.setState({ settings, lang: language, bypassCache });
    if (settings.rememberKey) {
      const { key } = await loadRememberedKey(db);
      if (key) useApp.setState({ apiKey: key });
    }
  });
}

/**
 * Saves settings a moment after they change, and keeps the remembered key in step with the
 * opt-in: written only while "Remember on this device" is on, deleted the moment it goes off.
 */
export function startSettingsSync(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = useApp.subscribe((state, previous) => {
    const settingsChanged = state.settings !== previous.settings || state.lang !== previous.lang || state.bypassCache !== previous.bypassCache;
    if (settingsChanged) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const s = useApp.getState();
        void withDb((db) => saveSettings(db, toStored(s.settings, { language: s.lang, bypassCache: s.bypassCache })));
      }, SAVE_DELAY_MS);
    }
    const remember = state.settings.rememberKey;
    if (remember !== previous.settings.rememberKey || (remember && state.apiKey !== previous.apiKey)) {
      void syncKey(remember, state.apiKey);
    }
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

async function syncKey(remember: boolean, key: string): Promise<void> {
  await withDb((db) => (remember && key.trim() ? rememberKey(db, key) : forgetKey(db)));
}

/** "Forget key": gone from this device and from memory, and the opt-in is switched off. */
export async function forgetKeyEverywhere(): Promise<void> {
  const db = await appDb();
  if (db) await forgetKey(db).catch(() => undefined);
  const s = useApp.getState();
  useApp.setState({ apiKey: "", settings: { ...s.settings, rememberKey: false } });
}
