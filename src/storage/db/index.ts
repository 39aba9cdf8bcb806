/** IndexedDB persistence: open the database, then use the repositories. */
export { openAppDb, upgradeAppDb, DB_VERSION, type AppDb } from "./db";
export { readDoc, writeDoc, type DocType, type StorageIssue } from "./doc";
export {
  StorageFullError,
  isQuotaError,
  withQuota,
  storageEstimate,
} from "./quota";
export {
  defaultSettings,
  loadSettings,
  saveSettings,
  DEFAULT_PRICES,
} from "./settings";
export { rememberKey, loadRememberedKey, forgetKey } from "./keys";
export {
  addHistoryEntry,
  addHistoryResult,
  listHistory,
  getHistoryEntry,
  deleteHistoryEntry,
  pruneHistory,
} from "./history";
export { saveLastSession, addLastSessionResult, loadLastSession, clearLastSession } from "./session";
export { IdbResponseCache, clearResponseCache, responseCacheSize } from "./response-cache";
