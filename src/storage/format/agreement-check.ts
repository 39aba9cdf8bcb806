import { pairScores, recomputeResultScore } from "../../engine/agreement/assemble";
import { predict, tally } from "../../engine/agreement/stats";
import type { AgreementFile } from "./agreement-file";

const close = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined ? a === b : Math.abs(a - b) < 1e-9;

/**
 * Recomputes every figure of an agreement file from what it records: each result's score from its
 * trace, each pair's scores from its results, its predicted side from its scores, and each row's
 * tally and interval from its pairs. An empty list means every number follows.
 */
export function checkAgreementFile(file: AgreementFile): string[] {
  const problems: string[] = [];
  const sampleIds = new Set(file.samples.map((s) => s.id));
  for (const row of file.rows) {
    const where = `${row.method}/${row.task}`;
    for (const pair of row.pairs) {
      const at = `${where} pair ${pair.id}`;
      if (!sampleIds.has(pair.a) || !sampleIds.has(pair.b)) problems.push(`${at}: a or b is not a sample id`);
      for (const [side, result] of [
        ["A", pair.resultA],
        ["B", pair.resultB],
      ] as const) {
        if (!result) continue;
        const again = recomputeResultScore(row.method, row.task, result);
        if (!close(again, result.score)) problems.push(`${at}: result${side} scores ${result.score} but its trace gives ${again}`);
      }
      if (row.method !== "ragas" || pair.resultA || pair.resultB) {
        const [a, b] = pairScores(row.method, pair.resultA, pair.resultB);
        if (!close(a, pair.scoreA) || !close(b, pair.scoreB))
          problems.push(`${at}: scores ${pair.scoreA}/${pair.scoreB} do not follow from its results (${a}/${b})`);
      }
      if (predict(pair.scoreA, pair.scoreB) !== pair.predicted)
        problems.push(`${at}: predicted ${pair.predicted} does not follow from ${pair.scoreA}/${pair.scoreB}`);
    }
    const t = tally(row.pairs);
    if (t.n !== row.n || t.correct !== row.correct || t.ties !== row.ties || !close(t.accuracy, row.accuracy)) {
      problems.push(
        `${where}: n/correct/ties/accuracy ${row.n}/${row.correct}/${row.ties}/${row.accuracy} do not follow from its pairs (${t.n}/${t.correct}/${t.ties}/${t.accuracy})`,
      );
    }
    if (!close(t.ci95[0], row.ci95[0]) || !close(t.ci95[1], row.ci95[1])) problems.push(`${where}: ci95 does not follow from its accuracy and n`);
  }
  return problems;
}
