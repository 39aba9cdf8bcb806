/**
 * Sentence splitting for context relevance, English and Chinese alike. Intl.Segmenter does the
 * heavy lifting (it is identical in Node 20, Chromium and Firefox on our corpus); a post-pass fixes
 * what it gets wrong for our use: titles like "Dr." end a segment, an opening quote after 。 is
 * glued to the previous sentence, and whitespace-only pieces appear.
 */

const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "vs",
  "etc",
  "fig",
  "inc",
  "ltd",
  "co",
  "gen",
  "gov",
  "sen",
  "rep",
  "col",
  "lt",
  "sgt",
  "capt",
  "mt",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "e.g",
  "i.e",
  "approx",
  "dept",
  "vol",
]);

const OPENING_MARKS = "“‘「『（《〈([{\"'";
const CJK_TERMINATORS = /[。！？!?]+["'”’」』）》〉)]*$/;

type Segmenter = { segment(text: string): Iterable<{ segment: string }> };
let cached: Segmenter | null | undefined;

function segmenter(): Segmenter | null {
  if (cached === undefined) {
    const Ctor = (Intl as unknown as { Segmenter?: new (locale: string, options: { granularity: "sentence" }) => Segmenter }).Segmenter;
    cached = Ctor ? new Ctor("en", { granularity: "sentence" }) : null;
  }
  return cached;
}

/** Fallback for engines without Intl.Segmenter: break after terminators followed by space or CJK. */
function regexSegments(text: string): string[] {
  return text.match(/[^.!?。！？\n]*(?:[.!?。！？]+["'”’」』）)]*\s*|\n+|$)/g)?.filter((s) => s.length > 0) ?? [text];
}

function endsWithAbbreviation(segment: string): boolean {
  const trimmed = segment.trimEnd();
  if (!trimmed.endsWith(".")) return false;
  const word = /(?:^|[\s(“"'])([A-Za-z][A-Za-z.]*)\.$/.exec(trimmed)?.[1];
  if (!word) return false;
  if (/^[A-Z]$/.test(word)) return true; // an initial, as in "J. Robert Oppenheimer"
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** Moves opening quotes/brackets stranded at the end of a segment to the start of the next. */
function moveStrandedOpeners(pieces: string[]): string[] {
  const out = [...pieces];
  for (let i = 0; i < out.length - 1; i++) {
    let piece = out[i]!.trimEnd();
    let moved = "";
    while (piece.length > 0 && OPENING_MARKS.includes(piece[piece.length - 1]!) && CJK_TERMINATORS.test(piece.slice(0, -1))) {
      moved = piece[piece.length - 1]! + moved;
      piece = piece.slice(0, -1);
    }
    if (moved) {
      out[i] = piece;
      out[i + 1] = moved + out[i + 1]!;
    }
  }
  return out;
}

export function splitSentences(text: string): string[] {
  const seg = segmenter();
  const raw = seg ? Array.from(seg.segment(text), (s) => s.segment) : regexSegments(text);
  const merged: string[] = [];
  for (const piece of raw) {
    const last = merged[merged.length - 1];
    // A title or an initial does not end a sentence when the next piece continues it on the same line.
    if (last !== undefined && endsWithAbbreviation(last) && !/\n\s*$/.test(last) && piece.trim().length > 0) {
      merged[merged.length - 1] = last + piece;
    } else {
      merged.push(piece);
    }
  }
  return moveStrandedOpeners(merged)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && /[\p{L}\p{N}]/u.test(s));
}
