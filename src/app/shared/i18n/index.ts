import { useApp } from "../store";
import { en, type Messages } from "./en";
import type { Lang } from "./lang";
import { zh } from "./zh";

export { defaultLang, type Lang } from "./lang";
export type { Messages };

export const CATALOGUES: Record<Lang, Messages> = { en, zh };

/** The current catalogue; components re-render when the language changes. */
export function useT(): Messages {
  return CATALOGUES[useApp((s) => s.lang)];
}

/** For code outside React (messages set by actions are functions of the catalogue instead). */
export function currentT(): Messages {
  return CATALOGUES[useApp.getState().lang];
}
