import type { PromptOverrides } from "../../../engine";
import { loadActiveOverrides } from "../../../storage/db/prompt-versions";
import { withDb } from "../persist/db";

/**
 * The prompt overrides the playground scores with: each prompt's active version from the prompt
 * studio, read fresh from IndexedDB at every run (so a version chosen in the studio, or in another
 * tab, applies to the next Score). Part of the main bundle: it must not import the studio's UI.
 * Without storage, or on a read failure, every prompt runs with its built-in default.
 */
export async function activePromptOverrides(): Promise<PromptOverrides> {
  const loaded = await withDb((db) => loadActiveOverrides(db));
  return loaded?.overrides ?? {};
}
