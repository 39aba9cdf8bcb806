import { splitSentences } from "../../../src/engine/text/sentences";

export { splitSentences };

/** The part of a user message before a fallback format note, if the client appended one. */
export function stripFormatNote(user: string): string {
  const at = user.indexOf("Reply with one JSON object");
  return (at >= 0 ? user.slice(0, at) : user).trim();
}

/** Text after "Label:" up to the next known label (labels are the engine's input templates). */
export function field(user: string, label: string, nextLabels: string[] = []): string {
  const start = user.indexOf(`${label}:`);
  if (start < 0) return "";
  let rest = user.slice(start + label.length + 1);
  let end = rest.length;
  for (const next of nextLabels) {
    const at = rest.indexOf(`\n${next}:`);
    if (at >= 0 && at < end) end = at;
  }
  rest = rest.slice(0, end);
  return rest.trim();
}

/** "[1] a\n[2] b" -> ["a", "b"]; an item may span lines until the next "[n] ". */
export function numberedItems(block: string): string[] {
  const items: string[] = [];
  for (const line of block.split("\n")) {
    const m = /^\[(\d+)\] ?(.*)$/.exec(line);
    if (m) items.push(m[2]!);
    else if (items.length > 0) items[items.length - 1] += `\n${line}`;
  }
  return items.map((s) => s.trim());
}

/** Content words: Latin words of 3+ letters, and CJK character bigrams. */
export function contentTerms(text: string): Set<string> {
  const terms = new Set<string>();
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = m[0];
    if (/\p{Script=Han}/u.test(word)) {
      const chars = [...word].filter((c) => /\p{Script=Han}/u.test(c));
      for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
    } else if (word.length >= 3 && !STOP.has(word)) terms.add(word);
  }
  return terms;
}

const STOP = new Set([
  "the",
  "and",
  "for",
  "was",
  "were",
  "with",
  "that",
  "this",
  "from",
  "are",
  "has",
  "have",
  "had",
  "its",
  "who",
  "what",
  "when",
  "where",
  "which",
  "how",
  "did",
  "does",
  "into",
  "also",
  "than",
  "then",
  "they",
  "their",
  "there",
  "been",
  "about",
]);

/** Share of `claim`'s content terms that occur in `source` (0 when the claim has none). */
export function coverage(claim: string, source: string): number {
  const c = contentTerms(claim);
  if (c.size === 0) return 0;
  const s = contentTerms(source);
  let hit = 0;
  for (const t of c) if (s.has(t)) hit++;
  return hit / c.size;
}

export const REFUSAL = /\b(i don't know|i do not know|not sure|cannot answer|can't answer|no information)\b|不知道|无法回答|不确定/i;
