import { countTokens, decode, encode } from "gpt-tokenizer/encoding/o200k_base";

/** Token counts the way OpenAI's recent models count them (o200k_base). */
export function tokens(text: string): number {
  return text ? countTokens(text) : 0;
}

/** The first `limit` tokens of text, for replies cut off by max_tokens. */
export function truncateTokens(text: string, limit: number): string {
  return decode(encode(text).slice(0, Math.max(0, limit)));
}
