/**
 * The Porter stemmer exactly as NLTK's PorterStemmer() runs it by default (mode NLTK_EXTENSIONS),
 * which is what rouge-score's use_stemmer=True calls. The npm Porter packages implement the
 * original paper or Martin Porter's later version; NLTK's mode differs from both (an irregular
 * forms pool, "ies"/"ied" on four-letter words, its y -> i rule, "alli", "fulli", "logi", words of
 * two letters left alone), so ROUGE would not equal rouge-score with them. Tested word by word
 * against NLTK (test/fixtures/text-metrics).
 */

const IRREGULAR = new Map<string, string>(
  Object.entries({
    sky: "sky",
    skies: "sky",
    dying: "die",
    lying: "lie",
    tying: "tie",
    news: "news",
    innings: "inning",
    inning: "inning",
    outings: "outing",
    outing: "outing",
    cannings: "canning",
    canning: "canning",
    howe: "howe",
    proceed: "proceed",
    exceed: "exceed",
    succeed: "succeed",
  }),
);

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** Consonant flags left to right: y is a consonant at the start or after a vowel. */
function consonants(word: string): boolean[] {
  const flags: boolean[] = [];
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    flags.push(VOWELS.has(ch) ? false : ch === "y" ? (i === 0 ? true : !flags[i - 1]) : true);
  }
  return flags;
}

function isConsonant(word: string, i: number): boolean {
  return consonants(word.slice(0, i + 1))[i]!;
}

/** m in [C](VC){m}[V]. */
function measure(stem: string): number {
  const flags = consonants(stem);
  let m = 0;
  for (let i = 1; i < flags.length; i++) if (!flags[i - 1] && flags[i]) m++;
  return m;
}

const positive = (stem: string) => measure(stem) > 0;
const containsVowel = (stem: string) => consonants(stem).some((c) => !c);

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** *o: ends consonant-vowel-consonant, the last not w, x or y (NLTK: also a two-letter vowel-consonant word). */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n >= 3) {
    const f = consonants(word);
    if (f[n - 3] && !f[n - 2] && f[n - 1] && !"wxy".includes(word[n - 1]!)) return true;
  }
  if (n === 2) {
    const f = consonants(word);
    return !f[0] && !!f[1];
  }
  return false;
}

type Rule = [suffix: string, replacement: string, condition: ((stem: string) => boolean) | null];

/** The first rule whose suffix the word ends with decides, whether or not its condition holds. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d") {
      if (endsDoubleConsonant(word)) {
        const stem = word.slice(0, -2);
        return condition === null || condition(stem) ? stem + replacement : word;
      }
      continue;
    }
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith("ies") && word.length === 4) return `${word.slice(0, -3)}ie`;
  return applyRules(word, [
    ["sses", "ss", null],
    ["ies", "i", null],
    ["ss", "ss", null],
    ["s", "", null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith("ied")) return `${word.slice(0, -3)}${word.length === 4 ? "ie" : "i"}`;
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let stem: string | undefined;
  for (const suffix of ["ed", "ing"]) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, -suffix.length);
      if (containsVowel(candidate)) {
        stem = candidate;
        break;
      }
    }
  }
  if (stem === undefined) return word;
  const last = stem[stem.length - 1] ?? "";
  return applyRules(stem, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => !"lsz".includes(last)],
    ["", "e", (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRules(word, [["y", "i", (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  if (word.endsWith("alli") && positive(word.slice(0, -4))) return step2(`${word.slice(0, -4)}al`);
  return applyRules(word, [
    ["ational", "ate", positive],
    ["tional", "tion", positive],
    ["enci", "ence", positive],
    ["anci", "ance", positive],
    ["izer", "ize", positive],
    ["bli", "ble", positive],
    ["alli", "al", positive],
    ["entli", "ent", positive],
    ["eli", "e", positive],
    ["ousli", "ous", positive],
    ["ization", "ize", positive],
    ["ation", "ate", positive],
    ["ator", "ate", positive],
    ["alism", "al", positive],
    ["iveness", "ive", positive],
    ["fulness", "ful", positive],
    ["ousness", "ous", positive],
    ["aliti", "al", positive],
    ["iviti", "ive", positive],
    ["biliti", "ble", positive],
    ["fulli", "ful", positive],
    ["logi", "log", () => positive(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyRules(word, [
    ["icate", "ic", positive],
    ["ative", "", positive],
    ["alize", "al", positive],
    ["iciti", "ic", positive],
    ["ical", "ic", positive],
    ["ful", "", positive],
    ["ness", "", positive],
  ]);
}

const overOne = (stem: string) => measure(stem) > 1;

function step4(word: string): string {
  return applyRules(word, [
    ["al", "", overOne],
    ["ance", "", overOne],
    ["ence", "", overOne],
    ["er", "", overOne],
    ["ic", "", overOne],
    ["able", "", overOne],
    ["ible", "", overOne],
    ["ant", "", overOne],
    ["ement", "", overOne],
    ["ment", "", overOne],
    ["ent", "", overOne],
    ["ion", "", (stem) => measure(stem) > 1 && (stem.endsWith("s") || stem.endsWith("t"))],
    ["ou", "", overOne],
    ["ism", "", overOne],
    ["ate", "", overOne],
    ["iti", "", overOne],
    ["ous", "", overOne],
    ["ive", "", overOne],
    ["ize", "", overOne],
  ]);
}

function step5a(word: string): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return applyRules(word, [["ll", "l", () => measure(word.slice(0, -1)) > 1]]);
}

/** NLTK's PorterStemmer().stem(word) for a lowercase word. */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR.get(lower);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return lower;
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(lower))))))));
}
