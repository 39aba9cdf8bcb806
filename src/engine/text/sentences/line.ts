import { skipSpaces } from "./chars";
import { findEnclosures } from "./enclosures";
import { findListMarks } from "./lists";
import { afterClosers, cutAfterRun, readRun } from "./terminators";

/**
 * Cut positions inside one line (a line break always ends a sentence). Candidates come from three
 * places: terminator runs outside quotes and brackets, quotes and brackets whose inside ends a
 * sentence, and list items; they are judged in order, since "1." only opens a list at the start of
 * a sentence.
 */

const TERMINATOR = /[.!?…‼⁇⁈⁉。！？｡．]/g;

type Candidate = { at: number; kind: "run" | "span" | "item"; cjk?: boolean };

export function lineCuts(s: string): number[] {
  const { inner, ends, openers } = findEnclosures(s);
  const list = findListMarks(s, inner);
  for (const dot of list.dots) inner[dot] = 1;

  const candidates: Candidate[] = list.cuts.map((at) => ({ at, kind: "item" }));
  for (const [at, cjk] of ends) candidates.push({ at, kind: "span", cjk });
  TERMINATOR.lastIndex = 0;
  for (let m = TERMINATOR.exec(s); m; m = TERMINATOR.exec(s)) {
    if (inner[m.index]) continue;
    candidates.push({ at: m.index, kind: "run" });
    // Skip the rest of a run ("?!", ". . .") so it is judged once.
    const run = readRun(s, m.index);
    if (run) TERMINATOR.lastIndex = run.end;
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
  if (c.kind === "run") {
    const run = readRun(s, c.at);
    return run ? cutAfterRun(s, run, openers, sentenceStart) : -1;
  }
  return spanCut(s, c.at, c.cjk === true, openers);
}

/** After a quote or bracket whose inside ended with a terminator: a sentence ends when the next one visibly starts. */
function spanCut(s: string, at: number, cjk: boolean, openers: ReadonlySet<number>): number {
  const after = afterClosers(s, at, openers);
  if (cjk || after >= s.length) return after;
  const next = skipSpaces(s, after);
  if (next >= s.length) return after;
  if (next === after) return /[\p{Script=Han}]/u.test(s[after]!) ? after : -1;
  const first = s[next]!;
  return /[\p{Lu}\p{Lt}\p{N}\p{Script=Han}“‘"'(（「『]/u.test(first) ? after : -1;
}
