import { stripFormatNote } from "./text";
import type { Brain } from "./types";

/**
 * Scripted stand-ins for the agreement baselines (src/engine/agreement/baseline-prompts.ts), so
 * tests know which side each prefers from the data alone:
 *   GPT Score (0-10)  rates a candidate by its length: min(10, floor(words / 10)): longer is better
 *   GPT Score (1-5)   1 + min(4, floor(words / 20))
 *   GPT Ranking       chooses the candidate with fewer words (the first when equal): shorter is better
 * Words are whitespace-separated runs of the candidate text as the prompt shows it.
 */

export const words = (text: string) => (text.trim() === "" ? 0 : text.trim().split(/\s+/).length);

/** The text after the last "... to rate:" line. */
function rated(user: string): string {
  const text = stripFormatNote(user);
  const m = /(?:Answer|Context) to rate:\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error('no "... to rate:" block in the prompt');
  return m[1]!;
}

const rating10: Brain = ({ user }) => {
  const n = words(rated(user));
  return { reason: `The candidate has ${n} words.`, rating: Math.min(10, Math.floor(n / 10)) };
};

const rating5: Brain = ({ user }) => {
  const n = words(rated(user));
  return { reason: `The candidate has ${n} words.`, rating: 1 + Math.min(4, Math.floor(n / 20)) };
};

const choice: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const m = /(Answer|Context) 1:\n([\s\S]*?)\n\n\1 2:\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error('no "1:" / "2:" candidates in the prompt');
  const [first, second] = [words(m[2]!), words(m[3]!)];
  return { reason: `Candidate 1 has ${first} words, candidate 2 has ${second}.`, choice: second < first ? 2 : 1 };
};

export const agreementBrains: Record<string, Brain> = {
  agreement_rating_0_10: rating10,
  agreement_rating_1_5: rating5,
  agreement_choice: choice,
};
