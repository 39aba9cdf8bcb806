import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/args";
import type { CliIO } from "../../src/cli/io";
import { runCli } from "../../src/cli/run";
import { startMockServer, type MockServer } from "../mock/server";

const base = ["score", "--input", "d.jsonl", "--base-url", "http://localhost:8000/v1", "--model", "m"];
const usage = (argv: string[]) => {
  try {
    parseArgs([...base, ...argv], {});
    return "no error";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("--option METRIC.KEY=VALUE", () => {
  it("is repeatable, one form for every metric, and checked by the metric's own schema", () => {
    const cmd = parseArgs(
      [
        ...base,
        "--metrics",
        "factual_correctness,noise_sensitivity",
        "--option",
        "factual_correctness.mode=recall",
        "--option=factual_correctness.beta=0.5",
        "--option",
        "noise_sensitivity.mode=irrelevant",
      ],
      {},
    );
    expect(cmd.command === "score" && cmd.args.options).toEqual({
      factual_correctness: { mode: "recall", beta: "0.5" },
      noise_sensitivity: { mode: "irrelevant" },
    });
  });

  it("names the metric and key of every mistake", () => {
    expect(usage(["--metrics", "factual_correctness", "--option", "factual_correctness.mode=f2"])).toBe(
      '--option factual_correctness.mode: Invalid option: expected one of "f1"|"precision"|"recall"',
    );
    expect(usage(["--metrics", "factual_correctness", "--option", "factual_correctness.moed=recall"])).toMatch(/^--option factual_correctness\.moed: /);
    expect(usage(["--metrics", "factual_correctness", "--option", "factual_correctness.beta=-1"])).toMatch(/^--option factual_correctness\.beta: /);
    expect(usage(["--metrics", "faithfulness", "--option", "factual_correctness.mode=recall"])).toBe(
      '--option factual_correctness: "factual_correctness" is not among --metrics (faithfulness)',
    );
    expect(usage(["--metrics", "faithfulness", "--option", "faithfulness.mode=x"])).toBe("--option faithfulness takes no options");
    expect(usage(["--metrics", "factual_correctness", "--option", "mode=recall"])).toBe(
      '--option expects METRIC.KEY=VALUE (e.g. factual_correctness.mode=recall), got "mode=recall"',
    );
    expect(usage(["--metrics", "factual_correctness", "--option", "factual_correctness.mode=recall", "--option", "factual_correctness.mode=f1"])).toBe(
      "--option: factual_correctness.mode is given twice",
    );
  });

  it("asks for an embedding model only where the options need one", () => {
    expect(usage(["--metrics", "answer_correctness"])).toBe("answer_correctness needs --embedding-model (or leave it out of --metrics)");
    expect(usage(["--metrics", "answer_correctness", "--option", "answer_correctness.weights=1,0"])).toBe("no error");
    expect(usage(["--metrics", "semantic_similarity"])).toBe("semantic_similarity needs --embedding-model (or leave it out of --metrics)");
    expect(usage(["--metrics", "answer_correctness", "--option", "answer_correctness.weights=0,0"])).toBe(
      "--option answer_correctness.weights: the two weights cannot both be 0",
    );
  });
});

describe("a CLI run with a custom judge and options", () => {
  let mock: MockServer;
  let dir: string;
  beforeAll(async () => {
    mock = await startMockServer({});
    dir = mkdtempSync(join(tmpdir(), "rp-judge-"));
    writeFileSync(
      join(dir, "data.jsonl"),
      `${JSON.stringify({ id: "a", question: "Can I return it?", answer: "Sure, within 30 days.", contexts: ["Returns within 30 days."], reference: "Returns are accepted within 30 days." })}\n`,
    );
    writeFileSync(
      join(dir, "prompts.json"),
      JSON.stringify({
        format: "ragas-playground/prompts",
        version: 2,
        prompts: {},
        judges: [
          { slug: "politeness", name: "Politeness", definition: "The answer is courteous.", inputs: ["question", "answer"], scale: "binary", strictness: 3 },
        ],
      }),
    );
  });
  afterAll(() => mock.close());

  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    const value: CliIO = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) }, env: {} };
    return { value, err: () => err.join("") };
  };

  it("--prompts carries the judge, --metrics custom:politeness names it, --option sets its strictness; all in the report", async () => {
    const t = io();
    const out = join(dir, "report.json");
    const argv = ["score", "--input", join(dir, "data.jsonl"), "--base-url", mock.url, "--model", "m", "--prompts", join(dir, "prompts.json")];
    const code = await runCli(
      [
        ...argv,
        "--metrics",
        "custom:politeness,factual_correctness",
        "--option",
        "custom:politeness.strictness=5",
        "--option",
        "factual_correctness.mode=precision",
        "--out",
        out,
      ],
      t.value,
    );
    expect(code, t.err()).toBe(0);
    const report = JSON.parse(readFileSync(out, "utf8"));
    expect(report.config.metrics).toEqual(["custom:politeness", "factual_correctness"]);
    expect(report.config.metricOptions).toEqual({ "custom:politeness": { strictness: 5 }, factual_correctness: { mode: "precision" } });
    expect(report.config.customJudges[0]).toMatchObject({ slug: "politeness", strictness: 3 });
    const judged = report.results[0].metrics["custom:politeness"];
    expect(judged.score).toBe(1);
    expect(judged.trace.votes).toHaveLength(5);
    expect(report.results[0].metrics.factual_correctness.trace.mode).toBe("precision");

    const missing = io();
    expect(await runCli([...argv, "--metrics", "custom:rudeness"], missing.value)).toBe(2);
    expect(missing.err()).toBe(`error: --metrics: ${join(dir, "prompts.json")} defines no judge "custom:rudeness" (it defines custom:politeness)\n`);
  });
});
