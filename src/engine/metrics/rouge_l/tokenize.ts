import { porterStem } from "./porter";

/**
 * rouge-score's tokenizer (lowercase, every run of characters other than a-z and 0-9 a space,
 * Porter-stem words longer than 3 letters, keep a-z0-9 tokens), with one addition: each CJK
 * character is a token of its own. rouge-score drops every non-ASCII character, so Chinese text
 * has no tokens there and scores 0; English text tokenizes exactly as rouge-score does.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_GLOBAL = new RegExp(CJK.source, "gu");
const NON_ALNUM_OR_CJK = new RegExp(`(?:(?!${CJK.source})[^a-z0-9])+`, "gu");

export function rougeTokens(text: string, stem = true): string[] {
  const lowered = text.toLowerCase();
  const spaced = lowered.replace(CJK_GLOBAL, " $& ").replace(NON_ALNUM_OR_CJK, " ");
  const out: string[] = [];
  for (const token of spaced.split(" ")) {
    if (token.length === 0) continue;
    if (CJK.test(token)) out.push(token);
    else out.push(stem && token.length > 3 ? porterStem(token) : token);
  }
  return out;
}
