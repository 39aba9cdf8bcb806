import { isSpace } from "./chars";
import { lineCuts } from "./line";

/**
 * Sentence splitting for context relevance, English and Chinese alike, built on the approach of
 * the Pragmatic Segmenter and pySBD (the splitter ragas uses): find what must not end a sentence
 * (abbreviations, initials, numbers, list labels, emails and URLs, ellipses, quoted and bracketed
 * spans, 《titles》), then cut at what remains. It never rewrites the text: every sentence is an
 * exact slice of the input, so the playground can highlight it in place.
 *
 * Measured on the Golden Rules as pySBD's tests state them (test/engine/text/golden-rules.test.ts):
 * English 47/48, Chinese 2/2; the one miss is pySBD's own ("6 P.M. Mr. Smith").
 */

export interface SentenceSpan {
  /** The sentence, trimmed: exactly text.slice(start, end). */
  text: string;
  start: number;
  end: number;
}

/** Any line break ends a sentence (headings, list lines and table rows in RAG chunks are sentences of their own). */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** A piece with no letter or digit ("---", "•", "...") is no sentence. */
const HAS_WORD = /[\p{L}\p{N}]/u;

export function splitSentenceSpans(text: string): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let lineStart = 0;
  for (const m of text.matchAll(LINE_BREAK)) {
    addLine(text, lineStart, m.index, out);
    lineStart = m.index + m[0].length;
  }
  addLine(text, lineStart, text.length, out);
  return out;
}

/** The sentences of a context, in order, each an exact (trimmed) slice of it. */
export function splitSentences(text: string): string[] {
  return splitSentenceSpans(text).map((s) => s.text);
}

function addLine(text: string, start: number, end: number, out: SentenceSpan[]): void {
  if (start >= end) return;
  const line = text.slice(start, end);
  let from = 0;
  for (const cut of [...lineCuts(line), line.length]) {
    let a = from;
    let b = cut;
    while (a < b && isSpace(line[a])) a++;
    while (b > a && isSpace(line[b - 1])) b--;
    const sentence = line.slice(a, b);
    if (HAS_WORD.test(sentence)) out.push({ text: sentence, start: start + a, end: start + b });
    from = cut;
  }
}
