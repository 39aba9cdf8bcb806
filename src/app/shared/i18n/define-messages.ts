import { useApp } from "../store";

/** Every catalogue defined so far (the catalogue test reads them all: no visible string outside them). */
const DEFINED: { en: unknown; zh: unknown }[] = [];
export const definedCatalogues = (): readonly { en: unknown; zh: unknown }[] => DEFINED;

/**
 * One catalogue of UI strings in both languages, and its two readers. Each lazy view keeps its own
 * catalogue in its own chunk, so the main bundle carries only the app's; zh has the same keys as
 * en (the type says so).
 */
export function defineMessages<M>(catalogues: { en: M; zh: NoInfer<M> }) {
  DEFINED.push(catalogues);
  return {
    /** The strings in the current language; the component re-renders when the language changes. */
    useMessages: (): M => catalogues[useApp((s) => s.lang)],
    /** The strings in the current language, for code outside React (actions, async runs). */
    currentMessages: (): M => catalogues[useApp.getState().lang],
  };
}
