/** Kept apart from the catalogue hook so the store can import it without a cycle. */
export type Lang = "en" | "zh";

/** The language the browser prefers, when it is one we have; English otherwise. */
export function defaultLang(languages?: readonly string[]): Lang {
  const list = languages ?? (typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);
  for (const tag of list) {
    const lower = (tag ?? "").toLowerCase();
    if (lower.startsWith("zh")) return "zh";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}
