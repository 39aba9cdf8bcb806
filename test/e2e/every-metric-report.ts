/**
 * A report with every metric the app has: every built-in one and three custom judges (34 metric
 * columns), scored by the real CLI (in process) against the mock OpenAI server, so its traces,
 * null codes and summary are what the engine writes. The HTML export must read well with it.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/run";
import { METRIC_IDS } from "../../src/engine/metrics/types";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL } from "./fixtures";
import { wikiEvalSamples } from "./report-fixtures";

/** Three judges of the prompt studio, one with a long name (as users name them), one rubric. */
const JUDGES = [
  { slug: "politeness", name: "Politeness", definition: "The answer is courteous.", inputs: ["question", "answer"], scale: "binary" },
  {
    slug: "cites-sources",
    name: "Cites the retrieved sources it relies on",
    definition: "Every claim in the answer points to a context.",
    inputs: ["answer", "contexts"],
    scale: "binary",
  },
  {
    slug: "brand_tone",
    name: "Brand tone",
    definition: "The answer follows the brand's tone of voice.",
    inputs: ["answer"],
    scale: "rubric",
    levels: ["off-brand", "mostly off", "mixed", "mostly on", "on-brand"],
  },
];

export const EVERY_METRIC: readonly string[] = [...METRIC_IDS, ...JUDGES.map((j) => `custom:${j.slug}`)];

/** n WikiEval-derived samples scored with every metric (or those given); every fourth without a reference, so some scores are nulls. */
export async function everyMetricReport(mockUrl: string, n: number, metrics: readonly string[] = EVERY_METRIC): Promise<Report> {
  const dir = await mkdtemp(join(tmpdir(), "every-metric-"));
  try {
    const samples = wikiEvalSamples(n).map((s, i) => (i % 4 === 3 ? { ...s, reference: undefined } : s));
    await writeFile(join(dir, "in.json"), JSON.stringify(samples));
    await writeFile(join(dir, "prompts.json"), JSON.stringify({ format: "ragas-playground/prompts", version: 2, prompts: {}, judges: JUDGES }));
    let err = "";
    const code = await runCli(
      [
        "score",
        "--input",
        join(dir, "in.json"),
        "--metrics",
        metrics.join(","),
        "--prompts",
        join(dir, "prompts.json"),
        "--base-url",
        mockUrl,
        "--model",
        MOCK_MODEL,
        "--embedding-model",
        MOCK_EMBEDDING_MODEL,
        "--api-key",
        "sk-fixture",
        "--concurrency",
        "8",
        "--no-cache",
        "--out",
        join(dir, "r.json"),
      ],
      {
        stdout: { write: () => true },
        stderr: {
          write: (t: string) => {
            err += t;
            return true;
          },
        },
        env: {},
      },
    );
    if (code !== 0) throw new Error(`cli failed (${code}): ${err}`);
    const parsed = parseReport(await readFile(join(dir, "r.json"), "utf8"), "r.json");
    if (!parsed.ok) throw parsed.error;
    return parsed.report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
