import type { SourceChunk } from "./types";

/**
 * The language every generation prompt writes in: given, or detected from the documents. Only the
 * script is looked at (a Chinese corpus is mostly Han characters); that is what our users mix, and
 * a model told "write in Chinese" needs nothing finer.
 */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/gu;
const KANA = /[\u3040-\u30ff]/gu;
const HANGUL = /[\uac00-\ud7af]/gu;
const LETTER = /\p{L}/gu;

const NAMES: Record<string, string> = {
  en: "English",
  zh: "Chinese (简体中文)",
  ja: "Japanese (日本語)",
  ko: "Korean (한국어)",
  de: "German (Deutsch)",
  fr: "French (français)",
  es: "Spanish (español)",
  pt: "Portuguese (português)",
  it: "Italian (italiano)",
  ru: "Russian (русский)",
  vi: "Vietnamese (Tiếng Việt)",
};

/** The majority script of the chunks' letters: zh, ja, ko, or en for anything Latin. */
export function detectLanguage(chunks: readonly Pick<SourceChunk, "text">[]): string {
  const count = (re: RegExp) => chunks.reduce((n, c) => n + (c.text.match(re)?.length ?? 0), 0);
  const letters = count(LETTER);
  if (letters === 0) return "en";
  const kana = count(KANA);
  const hangul = count(HANGUL);
  const han = count(HAN);
  if (kana > letters * 0.1) return "ja";
  if (hangul > letters * 0.3) return "ko";
  if (han > letters * 0.3) return "zh";
  return "en";
}

/** "auto" resolved against the chunks; any other code is taken as given. */
export function resolveLanguage(setting: string, chunks: readonly Pick<SourceChunk, "text">[]): string {
  return setting === "auto" || setting === "" ? detectLanguage(chunks) : setting;
}

/** What a prompt says: "Chinese (简体中文)" for zh; an unknown code as given, which models read too. */
export function languageName(code: string): string {
  return NAMES[code] ?? code;
}
