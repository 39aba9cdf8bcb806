import {
  BEFORE_NUMBER,
  EXCLAMATION_WORDS,
  isAbbreviation,
  isDotted,
  isInitial,
  isListLabel,
  NEVER_FINAL,
  PREPOSITIVE,
  startsWithStarter,
} from "./abbreviations";
import { BULLETS, CJK_TERMINATORS, CLOSERS, isDigit, isHan, isLower, isSpace, isUpper, isWordChar, OPENERS, skipSpaces, TERMINATORS } from "./chars";

/**
 * One run of terminators ("." "?!" "...." ". . . ." "。" "！？") and whether it ends a sentence,
 * judged from the word before it and the text after it, the way the Pragmatic Segmenter's rules do.
 */

type RunKind = "cjk" | "bang" | "period" | "ellipsis" | "spaced";

export interface Run {
  start: number;
  /** Just after the run's last mark. */
  end: number;
  kind: RunKind;
  /** Periods in a spaced ellipsis (". . . ." is 4). */
  dots: number;
}

const BANGS = /[!?‼⁇⁈⁉]/;
/** Longest word looked at before a period: abbreviations, emails and URLs fit; more is no abbreviation. */
const MAX_WORD = 80;

/** The run starting at i, or null when the mark there ends nothing by itself (a full-width decimal point, "３．２９"). */
export function readRun(s: string, i: number): Run | null {
  if (s[i] === "．" && isDigit(s[i - 1]) && isDigit(s[i + 1])) return null;
  let j = i;
  while (j < s.length && TERMINATORS.has(s[j]!)) j++;
  const marks = s.slice(i, j);
  if ([...marks].some((c) => CJK_TERMINATORS.has(c))) return { start: i, end: j, kind: "cjk", dots: 0 };
  if (BANGS.test(marks)) return { start: i, end: j, kind: "bang", dots: 0 };
  if (marks !== ".") return { start: i, end: j, kind: "ellipsis", dots: 0 };
  let dots = 1;
  let k = j;
  while (s[k] === " " && s[k + 1] === ".") {
    dots++;
    k += 2;
  }
  return dots >= 3 ? { start: i, end: k, kind: "spaced", dots } : { start: i, end: j, kind: "period", dots: 1 };
}

/** A citation mark after a sentence belongs to it: "impacts.[1] Adaptation", "[2][3]", "[a]", "[citation needed]". */
const CITATION = /\[(?:\d{1,3}(?:\s?[,–-]\s?\d{1,3})*|[a-z]|note \d{1,3}|citation needed)\]/y;

/** Just after the closing quotes, brackets and citation marks that follow position `from` (a straight quote that opens a span is not one). */
export function afterClosers(s: string, from: number, openers: ReadonlySet<number>): number {
  let k = from;
  for (;;) {
    while (k < s.length && CLOSERS.has(s[k]!) && !openers.has(k)) k++;
    if (s[k] !== "[") return k;
    CITATION.lastIndex = k;
    if (!CITATION.test(s)) return k;
    k = CITATION.lastIndex;
  }
}

const CAPITALISED_WORD = /^\p{Lu}\p{Ll}+[,;:.!?]?(?:\s|$)/u;

/** "options.They can": a period and a capitalised word with the space left out, outside emails, URLs and paths. */
function missingSpace(s: string, run: Run, after: number): boolean {
  if (run.kind !== "period" || after !== run.end || !isUpper(s[after]) || !isLower(s[after + 1]) || !isWordChar(s[run.start - 1])) return false;
  if (!CAPITALISED_WORD.test(s.slice(after, after + 24))) return false;
  return !/[@/:]/.test(wordBefore(s, run.start).text);
}

/** The word before a run, without the brackets and quotes around it ("(Smith 55)." -> "55"). */
function wordBefore(s: string, runStart: number): { text: string; start: number } {
  let end = runStart;
  while (end > 0 && CLOSERS.has(s[end - 1]!)) end--;
  // Bounded: Chinese has no spaces, and walking back to the line start at every period would be quadratic.
  const limit = Math.max(0, end - MAX_WORD);
  let start = end;
  while (start > limit && !isSpace(s[start - 1])) start--;
  while (start < end && OPENERS.has(s[start]!)) start++;
  return { text: s.slice(start, end), start };
}

/** Where the next sentence's first letter would be: after spaces and opening quotes or brackets. */
function firstLetter(s: string, at: number): number {
  let k = at;
  while (k < s.length && OPENERS.has(s[k]!)) k++;
  return k;
}

/** A list label ("1.", "a.") at the very start of the sentence: "1. Introduction" is one sentence. */
function isLeadingLabel(s: string, word: { text: string; start: number }, sentenceStart: number): boolean {
  let k = sentenceStart;
  while (k < word.start && (BULLETS.has(s[k]!) || isSpace(s[k]))) k++;
  return k === word.start && isListLabel(word.text);
}

/** Where the sentence ends for this run (a cut position), or -1 when the run ends nothing. */
export function cutAfterRun(s: string, run: Run, openers: ReadonlySet<number>, sentenceStart: number): number {
  const after = afterClosers(s, run.end, openers);
  if (run.kind === "cjk" || after >= s.length) return after;
  const next = skipSpaces(s, after);
  if (next === after) {
    // No space: "3.14", "Jane.Doe", "Jr.'s", "...see", "?q=" end nothing; English runs into Chinese ("It works.然后") does.
    if (missingSpace(s, run, after)) return periodCut(s, run, after, after, sentenceStart);
    if (!isHan(s[after]) || run.kind === "ellipsis") return -1;
    return run.kind === "period" ? periodIntoHan(s, run, after, sentenceStart) : after;
  }
  if (next >= s.length) return after;
  const letter = firstLetter(s, next);
  const first = s[letter];
  if (isLower(first) || ",;:%".includes(s[next]!)) return -1;
  switch (run.kind) {
    case "bang":
      return s[run.start] === "!" && EXCLAMATION_WORDS.has(wordBefore(s, run.start).text.toLowerCase()) ? -1 : after;
    case "ellipsis":
      return isUpper(first) ? after : -1;
    case "spaced":
      // "weakened . . . was": an omission. "compounds. . . . The": a period, then an omission opening the next sentence.
      // "a period . . . . Next": an omission, then the period.
      if (!isUpper(first)) return -1;
      if (!isSpace(s[run.start - 1]) && run.start > 0) return run.dots >= 4 ? run.start + 1 : after;
      return run.dots >= 4 ? after : -1;
    default:
      return periodCut(s, run, after, letter, sentenceStart);
  }
}

function periodCut(s: string, run: Run, after: number, letter: number, sentenceStart: number): number {
  const word = wordBefore(s, run.start);
  const lower = word.text.toLowerCase();
  if (isLeadingLabel(s, word, sentenceStart)) return -1;
  if (isHan(s[letter])) return periodIntoHan(s, run, after, sentenceStart);
  if (isDigit(s[letter])) return BEFORE_NUMBER.has(lower) ? -1 : after;
  if (PREPOSITIVE.has(lower) || NEVER_FINAL.has(lower)) return -1;
  // "Jonas E. Smith", "U.S. Government" continue; "you and I. Did", "the U.S. How" end.
  if (isInitial(word.text) || isDotted(word.text)) return startsWithStarter(s, letter) ? after : -1;
  return after;
}

/**
 * A period before Chinese text. After a Han character it is a (half-width) full stop. After an
 * English word it ends an English sentence ("It retrieves context. 然后..."), except for an
 * abbreviation inside a Chinese sentence ("他在 Google Inc. 工作了三年。").
 */
function periodIntoHan(s: string, run: Run, after: number, sentenceStart: number): number {
  // "步骤1.打开": a label or a number written into the Chinese, not the end of "founded in 2019. 公司...".
  if (!isSpace(s[after]) && isDigit(s[run.start - 1])) return -1;
  if (isHan(s[run.start - 1])) return after;
  const inChinese = HAN_ANYWHERE.test(s.slice(Math.max(sentenceStart, run.start - 200), run.start));
  return inChinese && isAbbreviation(wordBefore(s, run.start).text) ? -1 : after;
}

const HAN_ANYWHERE = /\p{Script=Han}/u;
