import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../../../../src/cli/run";
import { parseReport } from "../../../../../src/storage/format/report-parse";
import type { Report } from "../../../../../src/storage/format/report-schema";

/**
 * n samples, half English and half Chinese; one in ten (s10, s15, s30, ... : half of each language)
 * has no reference, so its bleu, rouge_l and exact_match are missing_input nulls.
 */
function riverSamples(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `s${i + 1}`,
    question: i % 2 ? `长江在哪个城市入海？（第${i + 1}题）` : `Where does the river in city ${i + 1} reach the sea?`,
    answer: i % 2 ? "长江在上海入海。" : `It reaches the sea at port ${i % 37}.`,
    contexts: [`The river of city ${i + 1} ends at port ${i % 37}.`],
    ...(i % 20 === 9 || i % 20 === 14 ? {} : { reference: i % 2 ? "长江在上海注入东海。" : `At port ${i % 23}.` }),
  }));
}

/** The river samples scored by the real CLI (in process) with the metrics that need no judge. */
export async function riverReport(n: number): Promise<Report> {
  const dir = await mkdtemp(join(tmpdir(), "river-report-"));
  try {
    await writeFile(join(dir, "in.json"), JSON.stringify(riverSamples(n)));
    let err = "";
    const code = await runCli(["score", "--input", join(dir, "in.json"), "--metrics", "bleu,rouge_l,exact_match", "--out", join(dir, "r.json"), "--no-cache"], {
      stdout: { write: () => true },
      stderr: {
        write: (t: string) => {
          err += t;
          return true;
        },
      },
      env: {},
    });
    if (code !== 0) throw new Error(`cli failed (${code}): ${err}`);
    const parsed = parseReport(await readFile(join(dir, "r.json"), "utf8"), "r.json");
    if (!parsed.ok) throw parsed.error;
    return parsed.report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
