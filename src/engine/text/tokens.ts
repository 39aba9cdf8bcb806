/**
 * Rough token counts, the same everywhere (budgets, estimates, servers that send no usage). A tokenizer
 * would be exact for one model family only and weighs hundreds of kB in the browser bundle, so we
 * estimate: about 4 characters per token for Latin text, and 1 token per CJK character (CJK text
 * tokenizes densely).
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;

export function estimateTokens(text: string): number {
  if (!text) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.length - cjk;
  return cjk + Math.ceil(rest / 4);
}
