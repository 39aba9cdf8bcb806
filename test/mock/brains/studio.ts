import type { Brain } from "./types";

/**
 * The prompt studio's translation call (src/app/studio/logic/translate.ts): every string comes back
 * unchanged, as the instruction asks for a string already in the target language. Realistic
 * enough to show which texts a schema lets through (quotes, line breaks), checkable by equality.
 */
export const translatedStrings: Brain = ({ user }) => {
  const listed = /Strings \(\d+\):\n([\s\S]*)$/.exec(user);
  if (!listed) throw new Error('no "Strings (n):" list in the prompt');
  return { translations: JSON.parse(listed[1]!) as string[] };
};
