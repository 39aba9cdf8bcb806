import { create } from "zustand";
import { forgetTargetSecrets, loadTargetSecrets, rememberTargetSecrets } from "../../../storage/db/target-secrets";
import { loadTarget, saveTarget } from "../../../storage/db/targets";
import { withDb } from "../../shared/persist/db";
import { DEFAULT_DRAFT, secretValues, type TargetDraft, withSecrets } from "./target-draft";

/**
 * The target form's state, shared by the editor, "Test with one row" and "Ask your system". It is
 * saved a moment after each change (secret header values blanked: targets.ts); the secret values
 * follow the API key's rule: kept in memory, written to the secrets store only while
 * "Remember secret headers on this device" is on, and deleted the moment it goes off.
 */
interface TargetState {
  draft: TargetDraft;
  loaded: boolean;
}

export const useTarget = create<TargetState>(() => ({ draft: DEFAULT_DRAFT, loaded: false }));

const SAVE_DELAY_MS = 300;
/** The sync starts once, after the first read, and lives as long as the page. */
let syncing = false;

export function editTarget(change: Partial<TargetDraft>): void {
  useTarget.setState((s) => ({ draft: { ...s.draft, ...change } }));
}

/** Reads the saved target once (and the secrets, when remembered), then keeps storage in step. */
export async function loadTargetOnce(): Promise<void> {
  if (useTarget.getState().loaded) return;
  await withDb(async (db) => {
    const { target } = await loadTarget(db);
    if (!target) return;
    const values = target.rememberSecrets ? await loadTargetSecrets(db) : {};
    useTarget.setState({ draft: withSecrets(target, values) });
  });
  useTarget.setState({ loaded: true });
  if (!syncing) {
    syncing = true;
    startTargetSync();
  }
}

function startTargetSync(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  useTarget.subscribe((state, previous) => {
    if (state.draft === previous.draft) return;
    clearTimeout(timer);
    timer = setTimeout(() => void persist(useTarget.getState().draft), SAVE_DELAY_MS);
  });
}

async function persist(draft: TargetDraft): Promise<void> {
  await withDb(async (db) => {
    await saveTarget(db, draft);
    const values = secretValues(draft);
    if (draft.rememberSecrets && Object.keys(values).length > 0) await rememberTargetSecrets(db, values);
    else await forgetTargetSecrets(db);
  });
}

/** Saves now (tests and "Ask your system" do not wait for the debounce). */
export function saveTargetNow(): Promise<void> {
  return persist(useTarget.getState().draft);
}
