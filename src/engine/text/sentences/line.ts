import { isHan, skipSpaces } from "./chars";
import { findEnclosures } from "./enclosures";
import { findListMarks } from "./lists";
import { afterClosers, cutAfterRun, type Run, readRun } from "./terminators";

/**
 * Cut positions inside one line (a line break always ends a sentence). Candidates come from three
 * places: terminator runs outside quotes and brackets, quotes and brackets whose inside ends a
 * sentence, and list items; they are judged in order, since "1." only opens a list at the start of
 * a sentence.
 */

const TERMINATOR = /[.!?…‼⁇⁈⁉。！？｡．]/g;
/** What may open the sentence after a closed quote: '"This is great." She ...' ends, '... she said' does not. */
const STARTS_SENTENCE = /[\p{Lu}\p{Lt}\p{N}\p{Script=Han}“‘"'(（「『]/u;

type Candidate = { at: number; kind: "item" } | { at: number; kind: "span"; cjk: boolean } | { at: number; kind: "run"; run: Run };

export function lineCuts(s: string): number[] {
  const { inner, ends, openers } = findEnclosures(s);
  const list = findListMarks(s, inner);
  for (const dot of list.dots) inner[dot] = 1;

  const candidates: Candidate[] = list.cuts.map((at) => ({ at, kind: "item" }));
  for (const [at, cjk] of ends) candidates.push({ at, kind: "span", cjk });
  TERMINATOR.lastIndex = 0;
  for (let m = TERMINATOR.exec(s); m; m = TERMINATOR.exec(s)) {
    if (inner[m.index]) continue;
    const run = readRun(s, m.index);
    if (!run) continue;
    candidates.push({ at: m.index, kind: "run", run });
    // Skip the rest of the run ("?!", ". . .") so it is judged once.
    TERMINATOR.lastIndex = run.end;
  }
  candidates.sort((a, b) => a.at - b.at);

  const cuts: number[] = [];
  let sentenceStart = skipSpaces(s, 0);
  for (const c of candidates) {
    const cut = cutAt(s, c, openers, sentenceStart);
    if (cut <= (cuts[cuts.length - 1] ?? 0) || cut >= s.length) continue;
    cuts.push(cut);
    sentenceStart = skipSpaces(s, cut);
  }
  return cuts;
}

function cutAt(s: string, c: Candidate, openers: ReadonlySet<number>, sentenceStart: number): number {
  if (c.kind === "item") return c.at;
  if (c.kind === "run") return cutAfterRun(s, c.run, openers, sentenceStart);
  return spanCut(s, c.at, c.cjk, openers);
}

/** After a quote or bracket whose inside ended with a terminator: a sentence ends when the next one visibly starts. */
function spanCut(s: string, at: number, cjk: boolean, openers: ReadonlySet<number>): number {
  const after = afterClosers(s, at, openers);
  if (cjk || after >= s.length) return after;
  const next = skipSpaces(s, after);
  if (next >= s.length) return after;
  if (next === after) return isHan(s[after]) ? after : -1;
  return STARTS_SENTENCE.test(s[next]!) ? after : -1;
}
