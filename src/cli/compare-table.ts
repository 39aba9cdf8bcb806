import type { CompareFile } from "../storage/format/compare-file";

/**
 * `compare`'s one-screen table on stderr: per metric the pairs (and the nulls left out), both
 * means, the difference with its interval, the test's p and Holm's, and the verdict in words;
 * beside "no detectable difference", about how many samples a difference of 0.05 would need.
 */
export function formatCompareTable(file: CompareFile): string {
  const header = ["metric", "pairs", "base", "candidate", "difference (95% CI)", "test", "p", "p Holm", "verdict"];
  const rows = Object.entries(file.metrics).map(([id, m]) => [
    id,
    `${m.n}${m.nullPairs + m.unmatched > 0 ? ` (-${m.nullPairs + m.unmatched})` : ""}`,
    num(m.baseMean),
    num(m.candidateMean),
    m.difference === null ? "-" : `${signed(m.difference)} [${signed(m.ci95![0])}, ${signed(m.ci95![1])}]`,
    m.test,
    pValue(m.p),
    pValue(m.pHolm),
    `${m.verdict}${m.lowerIsBetter ? " (lower is better)" : ""}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= 7 && i !== 4 && i !== 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const lines = [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt)];
  const left = Object.entries(file.metrics).filter(([, m]) => m.nullPairs + m.unmatched > 0);
  if (left.length > 0)
    lines.push(`left out of the pairs: ${left.map(([id, m]) => `${id} ${m.nullPairs} with a null, ${m.unmatched} in one report only`).join("; ")}`);
  const hints = Object.entries(file.metrics).filter(([, m]) => m.verdict === "no detectable difference" && m.samplesFor005 !== null);
  if (hints.length > 0) lines.push(`a difference of 0.05 would need about: ${hints.map(([id, m]) => `${id} ${m.samplesFor005} pairs`).join(", ")}`);
  lines.push(`alpha ${file.alpha}${file.minEffect > 0 ? `, minimum effect ${file.minEffect}` : ""}; base ${file.base.name}, candidate ${file.candidate.name}`);
  return `${lines.join("\n")}\n`;
}

function num(value: number | null): string {
  return value === null ? "-" : value.toFixed(3);
}

function signed(value: number): string {
  return `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
}

function pValue(p: number | null): string {
  if (p === null) return "-";
  return p < 0.001 ? "<0.001" : p.toFixed(3);
}
