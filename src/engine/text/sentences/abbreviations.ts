/**
 * Word lists behind the period rules, after the Pragmatic Segmenter's English lists (trimmed to
 * what decides a split). Lookups are lower case, without the final period.
 */

/** Titles that stand before a name: their period never ends a sentence ("Mr. Smith", "Mt. Fuji", "St. Michael's"). */
export const PREPOSITIVE = new Set(
  "adm atty brig capt cmdr col cpl det dr fr ft gen gov hon insp lt maj messrs mme mlle mr mrs ms mssrs mt mx pres prof pvt rep rev sen sgt st supt".split(" "),
);

/** Abbreviations that stand before a number: "p. 55", "No. 5", "N°. 1026", "Fig. 3", "Jan. 5". */
export const BEFORE_NUMBER = new Set(
  "approx art ca ch chap col cols ed eq eqs ex fig figs n° nº no nos nr op p para pg pp pt ref refs sec sect tab tel ver vol vols jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);

/** Abbreviations that introduce what follows and so never end a sentence. */
export const NEVER_FINAL = new Set(["e.g", "i.e", "cf", "viz", "vs"]);

/** Other common abbreviations: they end a sentence before a capital ("Let's ask Jane and co. They should know."), not before Chinese inside a Chinese sentence. */
const OTHER = new Set("assn bros co corp dept est etc inc jr llc ltd plc sr univ".split(" "));

/** Any abbreviation we know, an initial or a dotted one. */
export function isAbbreviation(token: string): boolean {
  const lower = token.toLowerCase();
  return PREPOSITIVE.has(lower) || BEFORE_NUMBER.has(lower) || NEVER_FINAL.has(lower) || OTHER.has(lower) || isInitial(token) || isDotted(token);
}

/** Brand names written with "!" inside a sentence ("She works at Yahoo! in the accounting department."). */
export const EXCLAMATION_WORDS = new Set(["yahoo", "jeopardy", "joomla"]);

/**
 * Words that usually open a sentence. After an initial or a dotted abbreviation ("U.S.", "E.") a
 * capitalised word is most often a name ("U.S. Government", "Jonas E. Smith"); one of these
 * instead means a new sentence ("I live in the U.S. How about you?").
 */
const STARTERS = new Set(
  (
    "A After All Also Although An And As At Being But Did Each For He Her His How However I If In It Its Many Millions More Most My " +
    "Our She Since So Some That The Their Then There These They This Those Thus Today We What When Where While Who Why You Your"
  ).split(" "),
);

/** True when the word starting at `at` is a sentence starter (and not itself an initial such as "A."). */
export function startsWithStarter(s: string, at: number): boolean {
  const word = /^\p{L}+/u.exec(s.slice(at, at + 12))?.[0];
  return word !== undefined && s[at + word.length] !== "." && STARTERS.has(word);
}

/** "U.S", "a.m", "Ph.D", "U.S.A": letters in groups of one or two joined by periods. */
export const isDotted = (token: string): boolean => /^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(token);

/** A single capital letter: an initial ("Jonas E. Smith") or the pronoun I. */
export const isInitial = (token: string): boolean => /^\p{Lu}$/u.test(token);

/** What a list item may be numbered with: "1", "a", "iv". */
export const isListLabel = (token: string): boolean => /^(?:\d{1,3}|\p{L}|[ivxIVX]{1,4})$/u.test(token);
