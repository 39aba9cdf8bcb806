/**
 * How many "[k] ..." items a numbered block lists (render.ts's numbered()), for checking a
 * prompt's worked examples against the reply schema of their own input. The metrics never parse
 * their own input back: they build each call's schema from the items they numbered.
 */
export function countNumbered(block: string | undefined): number {
  return block?.match(/^\[\d+\] /gm)?.length ?? 0;
}
