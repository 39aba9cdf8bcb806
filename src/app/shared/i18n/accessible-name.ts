import { useApp } from "../store";

/**
 * Accessible names of controls that show their own label (button text, a <label>), per DESIGN.md
 * contract 7 and WCAG 2.5.3 (Label in Name): in the English UI the control keeps its English name
 * (browser tests and users' scripts find it by that name, which may say more than the label); in any
 * other language it gets no aria-label, so its visible label is its name, which is what a Chinese
 * screen reader announces and what a voice-control user says. Things without a visible label
 * (regions, icon buttons) take their names from the catalogues instead.
 */
export function useEnglishName(): (english: string) => string | undefined {
  const lang = useApp((s) => s.lang);
  return (english) => (lang === "en" ? english : undefined);
}
