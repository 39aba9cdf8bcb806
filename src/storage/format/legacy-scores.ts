/**
 * Scores an earlier version's rule gave that the current rule leaves null, accepted as written
 * so a report or journal saved before the change still opens (the check recomputes every score
 * from its trace, and would otherwise refuse the whole file).
 *
 * - factual_correctness, f1 mode, an answer with no claim against a reference with claims: scored
 *   F = 0 before issue 26, null no_statements since (an answer that claims nothing has no precision).
 */
export function legacyScoreAccepted(metricId: string, score: number, trace: unknown): boolean {
  if (metricId !== "factual_correctness" || score !== 0) return false;
  const t = trace as { mode?: unknown; claims?: unknown[]; referenceClaims?: unknown[] };
  return t.mode === "f1" && t.claims?.length === 0 && (t.referenceClaims?.length ?? 0) > 0;
}
