/**
 * A model writing under xgrammar, played at random: at each step the grammar says which tokens of
 * a small vocabulary may come next, and one of them is picked by weight. The vocabulary holds what
 * real tokenizers hold: JSON syntax (also fused, like `":` and `", "`), whitespace, digits, single
 * letters and punctuation, English words with and without a leading space, CJK characters and
 * Chinese punctuation, and escape sequences. Weights make the text look like writing (words in
 * the language of the input, strings several words long, rarely blank) without ever overriding
 * the grammar: a token the grammar masks is never picked, and whatever comes out is a reply the
 * server's grammar allowed.
 */
import type { GrammarMatcher } from "@mlc-ai/web-xgrammar";
import type { Lang } from "./random-json";

const EN_WORDS =
  "the a river city court answer novel tower bridge north light paper metal was is built in by of and with opened century famous near old new green small large first second question what when where who how does did born wrote capital long years ago many people".split(
    " ",
  );
const ZH_CHARS = Array.from(
  "的一是在了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等长城河桥塔书写哪里什么谁",
);
const ZH_PUNCT = ["，", "。", "？", "、", "“", "”"];
const SYNTAX = ["{", "}", "[", "]", ",", ":", '"', '{"', '"}', '":', '": ', '", "', '","', '"]', "],", "},", "}]", ", "];
const WHITESPACE = [" ", "\n", "\t", "  ", "\n  "];
const ESCAPES = ['\\"', "\\n", "\\\\", "\\u00e9", "\\t"];
const SINGLES = Array.from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!?'()-_;/");
const LITERALS = ["10", "true", "false", "null"];
const capitalised = (w: string) => w[0]!.toUpperCase() + w.slice(1);

/** Token 0 is the stop token (end of the reply). */
export const STOP_TOKEN = 0;
export const VOCABULARY: readonly string[] = [
  "</s>",
  ...new Set([
    ...SYNTAX,
    ...WHITESPACE,
    ...ESCAPES,
    ...SINGLES,
    ...LITERALS,
    ...EN_WORDS,
    ...EN_WORDS.map((w) => ` ${w}`),
    ...EN_WORDS.map(capitalised),
    ...ZH_CHARS,
    ...ZH_PUNCT,
  ]),
];

type Kind = "stop" | "space" | "syntax" | "escape" | "word" | "spacedWord" | "capital" | "zh" | "zhPunct" | "other";

const KIND: Kind[] = VOCABULARY.map((token, id) => {
  if (id === STOP_TOKEN) return "stop";
  if (/^\s+$/.test(token)) return "space";
  if (ESCAPES.includes(token)) return "escape";
  if (ZH_PUNCT.includes(token)) return "zhPunct";
  if (/^\p{Script=Han}$/u.test(token)) return "zh";
  if (/^ [a-z]{2,}$/.test(token)) return "spacedWord";
  if (/^[A-Z][a-z]+$/.test(token)) return "capital";
  if (/^[a-z]{2,}$/.test(token)) return "word";
  if (SYNTAX.includes(token)) return "syntax";
  return "other";
});

export interface WalkOptions {
  random: () => number;
  /** The language to write text in (the input's). */
  lang: Lang;
  /** Past this many characters the walk closes every open string and container. Default 3000. */
  closeAfter?: number;
  /** When given, every piece written is pushed here (forced strings in brackets), for debugging. */
  trace?: string[];
}

/** Where the text so far leaves us: inside a string (and what it holds) or between tokens. */
interface Scan {
  inString: boolean;
  escaped: boolean;
  content: string;
  /** Strings opened so far: a new one gets a new length to aim for. */
  opened: number;
}

/** Moves the scan over `text`; true when a string was opened on the way. */
function advance(scan: Scan, text: string): boolean {
  const before = scan.opened;
  for (const ch of text) {
    if (!scan.inString) {
      if (ch === '"') Object.assign(scan, { inString: true, escaped: false, content: "", opened: scan.opened + 1 });
      continue;
    }
    if (scan.escaped) scan.escaped = false;
    else if (ch === "\\") scan.escaped = true;
    else if (ch === '"') {
      scan.inString = false;
      continue;
    }
    scan.content += ch;
  }
  return scan.opened > before;
}

/** The string's content when `token` ends the open string in it; undefined when it does not. */
function contentAtClose(scan: Scan, token: string): string | undefined {
  let escaped = scan.escaped;
  let content = scan.content;
  for (const ch of token) {
    if (escaped) escaped = false;
    else if (ch === "\\") escaped = true;
    else if (ch === '"') return content;
    content += ch;
  }
  return undefined;
}

/** How much text a string "wants" before its closing quote becomes likely. */
function lengthOf(content: string, lang: Lang): number {
  return lang === "zh" ? [...content.replace(/\s/g, "")].length / 2 : content.trim().split(/\s+/).filter(Boolean).length;
}

function weight(token: string, kind: Kind, scan: Scan, target: number, lang: Lang, closing: boolean, justOpened: boolean): number {
  if (kind === "stop") return 1000;
  if (scan.inString) {
    const blank = scan.content.trim() === "";
    const closedWith = contentAtClose(scan, token);
    if (closedWith !== undefined) {
      // Below two words (four CJK characters) a string is a fragment, not text: never end there
      // unless the grammar leaves nothing else.
      const written = lengthOf(closedWith, lang);
      if (closedWith.trim() === "" || written < 2) return 1e-9;
      if (closing) return 1000;
      return written >= target ? 20 : 0.02;
    }
    if (closing) return 0.001;
    switch (kind) {
      case "capital":
        return blank && lang === "en" ? 2 : 0.01;
      case "spacedWord":
        return lang === "en" && !blank ? 1 : 0.01;
      case "word":
        return lang === "en" && blank ? 0.2 : 0.02;
      case "zh":
        return lang === "zh" ? 1 : 0.005;
      case "zhPunct":
        return lang === "zh" && !blank ? 0.3 : 0.005;
      case "escape":
        return 0.05;
      case "space":
        return token === " " && !blank ? 0.2 : 0.02;
      default:
        return token === "." || token === "," || token === "?" ? (blank ? 0.001 : 0.1) : 0.01;
    }
  }
  // Between tokens, `":` or `", "` would open a string that starts with syntax: no writer does that.
  const quote = token.indexOf('"');
  if (quote >= 0 && quote < token.length - 1) return 1e-9;
  if (closing) return token.startsWith("]") || token.startsWith("}") || token.startsWith('"') ? 1000 : 0.001;
  if (kind === "space") return 0.03;
  // Lists end after a few items, and are rarely empty (an empty one is a refusal, tested elsewhere).
  if (token === "]") return justOpened ? 0.05 : 0.4;
  return 1;
}

function pick(ids: readonly number[], weights: readonly number[], random: () => number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let i = 0; i < ids.length; i++) {
    r -= weights[i]!;
    if (r <= 0) return ids[i]!;
  }
  return ids[ids.length - 1]!;
}

const MAX_STEPS = 20_000;

/** Runs the matcher to the end of a reply and returns the reply's text. */
export async function walk(matcher: GrammarMatcher, options: WalkOptions): Promise<string> {
  const { random, lang } = options;
  const closeAfter = options.closeAfter ?? 3000;
  const scan: Scan = { inString: false, escaped: false, content: "", opened: 0 };
  let text = "";
  let target = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    // What the grammar forces (a key after its opening quote, a closing bracket) is written at once.
    const forced = matcher.findJumpForwardString();
    if (forced) {
      if (!matcher._acceptString(forced)) throw new Error(`xgrammar refused its own jump-forward string ${JSON.stringify(forced)}`);
      text += forced;
      options.trace?.push(`[${forced}]`);
      if (advance(scan, forced)) target = newTarget(random, lang);
      continue;
    }
    const mask = await matcher.getNextTokenBitmask();
    const ids: number[] = [];
    for (let id = 0; id < VOCABULARY.length; id++) if ((mask[id >> 5]! >>> (id & 31)) & 1) ids.push(id);
    if (ids.length === 0) throw new Error(`xgrammar allows no token after ${JSON.stringify(text)}`);
    const closing = text.length > closeAfter;
    const justOpened = /\[\s*$/.test(text);
    const id = pick(
      ids,
      ids.map((i) => weight(VOCABULARY[i]!, KIND[i]!, scan, target, lang, closing, justOpened)),
      random,
    );
    if (!matcher.acceptToken(id)) throw new Error(`xgrammar refused token ${JSON.stringify(VOCABULARY[id])} it had allowed`);
    if (id === STOP_TOKEN) return text;
    text += VOCABULARY[id]!;
    options.trace?.push(VOCABULARY[id]!);
    if (advance(scan, VOCABULARY[id]!)) target = newTarget(random, lang);
    if (matcher.isTerminated()) return text;
  }
  throw new Error(`the walk did not finish in ${MAX_STEPS} steps: ${text.slice(0, 200)}...`);
}

/** Strings run 3 to 14 words (English) or 6 to 28 characters (Chinese): sentences, not letters. */
function newTarget(random: () => number, _lang: Lang): number {
  return 3 + Math.floor(random() * 12);
}
