import { useApp } from "../store";

/**
 * One catalogue of UI strings in both languages, and its two readers. Each lazy view keeps its own
 * catalogue in its own chunk, so the main bundle carries only the app's; zh has the same keys as
 * en (the type says so).
 */
export function defineMessages<M>(catalogues: { en: M; zh: NoInfer<M> }) {
  return {
    /** The strings in the current language; the component re-renders when the language changes. */
    useMessages: (): M => catalogues[useApp((s) => s.lang)],
    /** The strings in the current language, for code outside React (actions, async runs). */
    currentMessages: (): M => catalogues[useApp.getState().lang],
  };
}
