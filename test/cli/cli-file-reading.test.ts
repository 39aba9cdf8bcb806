import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import { DATASETS } from "../storage/format/dataset-fixtures";
import { FIXTURES, runCliInProcess } from "./spawn-cli";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ragas-cli-reading-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `score --input` makes of a file's bytes and columns, with a metric that needs no judge (no request, no key). */
async function scoreFile(path: string) {
  const run = await runCliInProcess(["score", "--input", path, "--metrics", "exact_match"]);
  expect(run.code, run.stderr).toBe(0);
  const parsed = parseReport(run.stdout, "stdout.json");
  if (!parsed.ok) throw parsed.error;
  return { samples: parsed.report.samples, stderr: run.stderr };
}

describe.concurrent("cli score reads what Excel and pandas write", { timeout: 60_000 }, () => {
  it("a Windows-1252 CSV (Excel's plain CSV; make-cp1252.py): the euro sign and curly quotes come through", async () => {
    const { samples, stderr } = await scoreFile(join(DATASETS, "excel-cp1252.csv"));
    expect(samples.map((s) => s.answer)).toEqual(["It charges 5 € for a “crème brûlée”.", "Zoë did — twice."]);
    expect(samples.map((s) => s.contexts)).toEqual([["The café’s crème brûlée costs 5 € – a bargain…"], ["Zoë said ‘bonjour’ to the naïve visitor."]]);
    expect(samples[1]!.question).toBe("Who said ‘bonjour’?");
    expect(stderr).toContain("warning: excel-cp1252.csv: the file is not UTF-8; it was read as Windows-1252");
  });
});

describe.concurrent("cli score says what it made of the columns", { timeout: 60_000 }, () => {
  it("a file with both question and user_input: stderr names both columns and the one used", async () => {
    const path = join(dir, "both-names.csv");
    writeFileSync(path, "user_input,question,response,reference\nWho wrote it?,Who wrote the book?,Ada.,Ada.\nWhere?,,Paris.,Paris\n");
    const { samples, stderr } = await scoreFile(path);
    expect(samples.map((s) => s.question)).toEqual(["Who wrote the book?", "Where?"]);
    expect(stderr).toContain(
      'warning: both-names.csv: columns "question" and "user_input" both hold the question (1 row has both): "question" is used, "user_input" only where "question" is empty\n',
    );
  });
});

describe.concurrent("cli --prompts refuses a prompt set the judge could not run", { timeout: 60_000 }, () => {
  const promptSet = (name: string, doc: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(doc));
    return path;
  };
  // Was: accepted, then every sample null invalid_prompt and exit code 0.
  it("a custom judge whose definition holds {{answer}}: exit 1 before any request, naming the judge and the variable", async () => {
    const path = promptSet("judge-with-variable.json", {
      format: "ragas-playground/prompts",
      version: 2,
      prompts: {},
      judges: [{ slug: "tone", name: "Tone", definition: "Is {{answer}} friendly?", inputs: ["answer"], scale: "binary" }],
    });
    const run = await runCliInProcess(
      ["score", "--input", join(FIXTURES, "samples.jsonl"), "--metrics", "custom:tone", "--prompts", path, "--base-url", "http://127.0.0.1:9", "--model", "m"],
      {
        env: { OPENAI_API_KEY: "sk-unused" },
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`${path}: judges[0].definition: judge "Tone" (custom:tone): {{answer}} is a template variable`);
  });

  it("an edited instruction over the cap: exit 1, saying how long it is", async () => {
    const path = promptSet("long-instruction.json", {
      format: "ragas-playground/prompts",
      version: 1,
      prompts: { "faithfulness.statements": { instruction: "y".repeat(8001) } },
    });
    const run = await runCliInProcess(
      ["score", "--input", join(FIXTURES, "samples.jsonl"), "--metrics", "faithfulness", "--prompts", path, "--base-url", "http://127.0.0.1:9", "--model", "m"],
      {
        env: { OPENAI_API_KEY: "sk-unused" },
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(".instruction: the instruction is 8,001 characters long; the most is 8,000: shorten it");
  });
});
