/**
 * Issue 30's speed figure: comparing two runs of 10,000 paired samples (contract 14) over five
 * metrics, one 0/1 (McNemar) and four graded (paired bootstrap of 10,000 resamples + 100,000
 * seeded sign flips each). The scores are synthetic (k/20 grids from a seeded generator, about
 * 70% of pairs equal, as two runs of one system are); what is timed is the engine's compareRuns,
 * the same code `compare` and the app's Comparison run. CPU time is printed beside wall time: on
 * a shared machine the wall time says more about the neighbours than about the code.
 *
 *   npx tsx scripts/measure-compare.ts
 */
import { loadavg } from "node:os";
import { compareRuns, type ScoresById } from "../src/engine/stats/compare";
import { mulberry32 } from "../src/engine/stats/prng";

const PAIRS = 10_000;
const GRADED = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"];
const next = mulberry32(30);
const uniform = () => next() / 4294967296;

function runs(): { base: Map<string, ScoresById>; candidate: Map<string, ScoresById> } {
  const base = new Map<string, ScoresById>();
  const candidate = new Map<string, ScoresById>();
  for (const metric of ["exact_match", ...GRADED]) {
    const a = new Map<string, number>();
    const b = new Map<string, number>();
    for (let i = 0; i < PAIRS; i++) {
      const score = metric === "exact_match" ? (uniform() < 0.7 ? 1 : 0) : Math.round(uniform() * 20) / 20;
      const moved = uniform() < 0.3;
      a.set(`s${i}`, score);
      b.set(`s${i}`, moved ? (metric === "exact_match" ? 1 - score : Math.round(uniform() * 20) / 20) : score);
    }
    base.set(metric, a);
    candidate.set(metric, b);
  }
  return { base, candidate };
}

const { base, candidate } = runs();
const metrics = [...base.keys()];
let best = { wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY };
for (let round = 0; round < 3; round++) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  compareRuns(base, candidate, metrics);
  const used = process.cpuUsage(cpu);
  best = { wall: Math.min(best.wall, performance.now() - wall), cpu: Math.min(best.cpu, (used.user + used.system) / 1000) };
}
console.log(
  `compareRuns, ${PAIRS} pairs x ${metrics.length} metrics: best of 3 ${Math.round(best.cpu)} ms CPU, ${Math.round(best.wall)} ms wall (load average ${loadavg()[0]!.toFixed(1)})`,
);
