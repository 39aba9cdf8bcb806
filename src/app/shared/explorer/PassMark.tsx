import { useStatsT } from "./statistics/messages";

/**
 * A result's pass / fail against its threshold (contract 14): a mark and the word, so colour is
 * never the only signal; nothing where the metric had no threshold.
 */
export function PassMark({ pass }: { pass: boolean | undefined }) {
  const t = useStatsT();
  if (pass === undefined) return null;
  return <span className={pass ? "pass-mark is-pass" : "pass-mark is-fail"}>{pass ? `✓ ${t.pass}` : `✗ ${t.fail}`}</span>;
}
