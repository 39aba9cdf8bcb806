/**
 * The UI catalogues as matchers, for the test that every visible string comes from them: each
 * string value exactly, and each message function as a pattern (its arguments as wildcards), found
 * by calling it with marker arguments (strings, numbers, booleans) so every branch shows up.
 */
import { definedCatalogues } from "../../src/app/shared/i18n/define-messages";
import { getMetric, isKnownMetricId, METRICS } from "../../src/engine/metrics/registry";

// Every catalogue registers itself when its module loads: import them all (the app's and each view's).
const modules = import.meta.glob(["../../src/app/shared/i18n/index.ts", "../../src/app/**/messages.ts"], { eager: true });

export type Lang = "en" | "zh";

interface Catalogue {
  exact: Set<string>;
  patterns: RegExp[];
}

const STR = (i: number) => `\u2063${i}\u2063`;
const NUM = 7919;
const HOLE = "\u0000";

const normalise = (s: string) => s.replace(/\s+/g, " ").trim();

function argumentSets(arity: number): unknown[][] {
  const choices = (i: number): unknown[] => [STR(i), NUM, 1, 0, true, false];
  if (arity === 0) return [[]];
  if (arity > 4) return [Array.from({ length: arity }, (_, i) => STR(i)), Array.from({ length: arity }, () => NUM)];
  let sets: unknown[][] = [[]];
  for (let i = 0; i < arity; i++) sets = sets.flatMap((set) => choices(i).map((c) => [...set, c]));
  return sets;
}

function templateOf(output: string): RegExp | null {
  if (/undefined|\[object Object\]/.test(output)) return null;
  const holed = normalise(output)
    .replace(/\u2063\d+\u2063/g, HOLE)
    .replace(/7[,，]?919(\.0+)?/g, HOLE)
    .replace(/NaN/g, HOLE);
  if (!holed.includes(HOLE)) return null;
  const source = holed
    .split(HOLE)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("(.+?)");
  return new RegExp(`^${source}$`, "s");
}

function collect(value: unknown, into: Catalogue): void {
  if (typeof value === "string") into.exact.add(normalise(value));
  else if (typeof value === "function") {
    const fn = value as (...args: unknown[]) => unknown;
    const seen = new Set<string>();
    for (const args of argumentSets(fn.length)) {
      let out: unknown;
      try {
        out = fn(...args);
      } catch {
        continue;
      }
      if (typeof out !== "string") continue;
      const template = templateOf(out);
      if (template) {
        if (!seen.has(template.source)) {
          seen.add(template.source);
          into.patterns.push(template);
        }
      } else if (!/undefined|\[object Object\]/.test(out)) into.exact.add(normalise(out));
    }
  } else if (value && typeof value === "object") for (const v of Object.values(value)) collect(v, into);
}

function catalogue(lang: Lang): Catalogue {
  if (Object.keys(modules).length < 2) throw new Error("the catalogue modules were not found");
  const out: Catalogue = { exact: new Set(), patterns: [] };
  for (const c of definedCatalogues()) collect(c[lang], out);
  // A metric's words live in its folder (names, descriptions, the studio's flag words), not in a catalogue.
  for (const m of Object.values(METRICS)) collect([m.names[lang], m.descriptions[lang], ...(m.traceDiff?.flagNames?.[lang] ?? [])], out);
  return out;
}

/** A trace the page shows, under the metric id that wrote it. */
export interface ShownTrace {
  id: string;
  trace: unknown;
}

/**
 * The result cards' one-line summaries of these traces in `lang`, as each metric's folder words them:
 * what the cards may show besides the catalogues (a summary is told from its trace, not from arguments).
 */
export function metricSummaries(lang: Lang, traces: readonly ShownTrace[]): string[] {
  return traces.flatMap(({ id, trace }) => {
    if (!isKnownMetricId(id)) return [];
    try {
      const words = getMetric(id).summarize?.(trace as never);
      return words ? [normalise(words[lang])] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Whether a visible text is accounted for: text without letters (numbers, punctuation), an allowed
 * token, a catalogue string, a part of the user's own data, or a catalogue template whose filled-in
 * parts are each accounted for in turn (so "{metric}: {step}" only passes with a known metric and
 * step). In Chinese, a string of the English catalogue that Chinese does not share never passes,
 * not even as user data.
 */
export function textChecker(
  lang: Lang,
  userData: readonly string[],
  allowed: (text: string, lang: Lang) => boolean,
  /** Strings the app words from data by rules of its own (metricSummaries): as good as the catalogue's. */
  worded: readonly string[] = [],
): (text: string) => boolean {
  const own = catalogue(lang);
  for (const text of worded) own.exact.add(text);
  const english = lang === "zh" ? catalogue("en") : null;
  const corpus = `\u0001${userData.map(normalise).join("\u0001")}\u0001`;
  const accept = (text: string, depth: number): boolean => {
    if (!/\p{L}/u.test(text) || allowed(text, lang)) return true;
    if (own.exact.has(text)) return true;
    if (english?.exact.has(text)) return false;
    if (corpus.includes(text)) return true;
    // A text cut short with an ellipsis (long user text in a table cell).
    if (text.endsWith("…") && corpus.includes(text.slice(0, -1).trimEnd())) return true;
    if (depth > 2) return false;
    // A list of names joined the language's way ("a, b" / "a、b").
    const items = text.split(lang === "zh" ? "、" : ", ");
    if (items.length > 1 && items.every((item) => accept(item, depth + 1))) return true;
    return own.patterns.some((p) => {
      const m = p.exec(text);
      return m?.slice(1).every((part) => accept(normalise(part), depth + 1));
    });
  };
  // The walk sees the same strings in many views (headers, buttons, metric names): each is judged
  // once, since the corpus search and the patterns were most of this test's CPU in the worker.
  const judged = new Map<string, boolean>();
  return (text) => {
    const key = normalise(text);
    const known = judged.get(key);
    if (known !== undefined) return known;
    const ok = accept(key, 0);
    judged.set(key, ok);
    return ok;
  };
}
