import { countTokens, decode, encode } from "gpt-tokenizer/encoding/o200k_base";

/**
 * Counts already made, by text. A run sends the same system message (a metric's instruction and
 * examples) and the same schema with every request, and counting them again was about a quarter of
 * the mock's CPU; the map starts over when it is full, so it stays small in a long test run.
 */
const counted = new Map<string, number>();
const MAX_REMEMBERED = 2_000;

/** Token counts the way OpenAI's recent models count them (o200k_base). */
export function tokens(text: string): number {
  if (!text) return 0;
  const known = counted.get(text);
  if (known !== undefined) return known;
  const count = countTokens(text);
  if (counted.size >= MAX_REMEMBERED) counted.clear();
  counted.set(text, count);
  return count;
}

/** The first `limit` tokens of text, for replies cut off by max_tokens. */
export function truncateTokens(text: string, limit: number): string {
  return decode(encode(text).slice(0, Math.max(0, limit)));
}
