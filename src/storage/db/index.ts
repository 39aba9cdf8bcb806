/** IndexedDB persistence: open the database, then use the repositories. */
export { openAppDb, upgradeAppDb, DB_VERSION, type AppDb, type OpenAppDbOptions } from "./db";
export { DEFAULT_DB_NAME, type AppDbSchema, type StoreName } from "./schema";
export { readDoc, writeDoc, type DocType, type DocMigration, type DocRead, type StorageIssue, type IssueSink } from "./doc";
export {
  StorageFullError,
  isStorageFullError,
  isQuotaError,
  withQuota,
  storageEstimate,
  requestPersistentStorage,
  storagePersisted,
  STORAGE_FULL_MESSAGE,
  type StorageEstimate,
} from "./quota";
export {
  settingsSchema,
  defaultSettings,
  loadSettings,
  saveSettings,
  DEFAULT_PRICES,
  PROVIDERS,
  LANGUAGES,
  type Settings,
  type SettingsInput,
  type Provider,
  type Language,
  type ModelPrice,
} from "./settings";
export { rememberKey, loadRememberedKey, forgetKey } from "./keys";
export {
  addHistoryEntry,
  addHistoryResult,
  listHistory,
  getHistoryEntry,
  deleteHistoryEntry,
  pruneHistory,
  clearHistory,
  type HistoryEntry,
  type NewHistoryEntry,
} from "./history";
export { saveLastSession, addLastSessionResult, loadLastSession, clearLastSession, type LastSession, type LastSessionInput } from "./session";
export { IdbResponseCache, clearResponseCache, responseCacheSize, DEFAULT_CACHE_ENTRIES, type IdbResponseCacheOptions } from "./response-cache";
export type { StoredResults } from "./stored-results";
