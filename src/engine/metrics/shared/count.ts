/**
 * How many "[k] ..." items a numbered block lists (render.ts's numbered()), for checking a
 * prompt's worked examples against the reply schema of their own input. The metrics never parse
 * their own input back: they build each call's schema from the items they numbered.
 */
export function countNumbered(block: unknown): number {
  // Hand-written examples may hold anything; a non-text input is reported by the variable check.
  return typeof block === "string" ? (block.match(/^\[\d+\] /gm)?.length ?? 0) : 0;
}
