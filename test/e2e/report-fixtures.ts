/**
 * Reports for the Reports-view browser tests, made the way users make them: the real CLI (in
 * process) scoring WikiEval-derived samples against the mock OpenAI server, so every trace,
 * summary and usage is what the engine writes, and parseReport accepts it.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/run";
import { fixturePath } from "../fixture-path";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL } from "./fixtures";

interface WikiEvalRow {
  question: string;
  answer: string;
  ungrounded_answer: string;
  poor_answer: string;
  context_v1: string[];
  context_v2: string[];
}

const strip = (s: string) => s.replace(/^(Question|Answer):\s*/, "");

/** n distinct samples: each WikiEval row's three answers against its two context sets. */
export function wikiEvalSamples(n: number): { id: string; question: string; answer: string; contexts: string[]; reference: string }[] {
  const rows = JSON.parse(readFileSync(fixturePath("wikieval", "WikiEval_samples_10.json"), "utf8")) as WikiEvalRow[];
  const out = [];
  for (const kind of ["answer", "poor_answer", "ungrounded_answer"] as const)
    for (const ctx of ["context_v1", "context_v2"] as const)
      for (const [i, row] of rows.entries())
        out.push({ id: `w${i}-${kind}-${ctx}`, question: strip(row.question), answer: strip(row[kind]), contexts: row[ctx], reference: strip(row.answer) });
  if (n > out.length) throw new Error(`only ${out.length} WikiEval-derived samples`);
  return out.slice(0, n);
}

/** Scores `samples` with every metric through the CLI against the mock; returns the report file's text. */
export async function cliReport(mockUrl: string, samples: unknown[], model = MOCK_MODEL): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ragas-report-"));
  const input = join(dir, "in.json");
  const out = join(dir, "report.json");
  await writeFile(input, JSON.stringify(samples));
  const err: string[] = [];
  const code = await runCli(
    [
      "score",
      "--input",
      input,
      "--base-url",
      mockUrl,
      "--model",
      model,
      "--embedding-model",
      MOCK_EMBEDDING_MODEL,
      "--api-key",
      "sk-fixture",
      "--concurrency",
      "8",
      "--out",
      out,
    ],
    { stdout: { write: () => true }, stderr: { write: (t: string) => err.push(t) }, env: {} },
  );
  if (code !== 0) throw new Error(`cli failed (${code}): ${err.join("")}`);
  return readFile(out, "utf8");
}
