import { formatScore } from "../results/format";

/** A difference with its sign ("+0.12", "-0.30"); the dash where there is none. */
export function formatSigned(v: number | null | undefined): string {
  return typeof v === "number" && v > 0 ? `+${formatScore(v)}` : formatScore(v);
}

/**
 * A p-value readable at a glance: three decimals, "< 0.001" below that (the full value is in the
 * CLI's JSON), the dash where no test ran.
 */
export function formatP(p: number | null | undefined): string {
  if (typeof p !== "number" || !Number.isFinite(p)) return "—";
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

/** An interval "[0.61, 0.79]", or nothing where there is none. */
export function formatInterval(ci: readonly [number, number] | null | undefined): string {
  return ci ? `[${formatScore(ci[0])}, ${formatScore(ci[1])}]` : "";
}
