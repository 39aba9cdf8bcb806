import { describe, expect, it } from "vitest";
import { parseAgreementArgs } from "../../src/cli/agreement-args";

const base = ["--input", "w.jsonl", "--base-url", "http://127.0.0.1:8787/v1", "--model", "m", "--out", "a.json"];

describe("parseAgreementArgs (contract 10)", () => {
  it("defaults to the paper's three methods and tasks, the Settings' concurrency default and seed wikieval", () => {
    const args = parseAgreementArgs([...base, "--embedding-model", "e"], {});
    expect(args).toMatchObject({
      methods: ["ragas", "gpt_score", "gpt_ranking"],
      tasks: ["faithfulness", "answer_relevancy", "context_relevance"],
      concurrency: 8,
      seed: "wikieval",
      apiKey: "",
    });
  });

  it("needs an embedding model only when ragas judges answer relevance", () => {
    expect(() => parseAgreementArgs(base, {})).toThrow("ragas on answer_relevancy needs --embedding-model (or leave answer_relevancy out of --tasks)");
    expect(parseAgreementArgs([...base, "--methods", "gpt_score,gpt_score_5"], {}).methods).toEqual(["gpt_score", "gpt_score_5"]);
    expect(parseAgreementArgs([...base, "--tasks", "faithfulness"], {}).tasks).toEqual(["faithfulness"]);
  });

  it("names the flag of every mistake", () => {
    expect(() => parseAgreementArgs([...base, "--tasks", "context_precision"], {})).toThrow('--tasks: unknown task "context_precision"');
    expect(() => parseAgreementArgs(base.slice(0, 6), {})).toThrow("--out is required");
    expect(() => parseAgreementArgs([...base, "--metrics", "x"], {})).toThrow("unknown flag --metrics for agreement");
    expect(() =>
      parseAgreementArgs(["--input", "w.jsonl", "--base-url", "https://api.openai.com/v1", "--model", "m", "--out", "a", "--methods", "gpt_ranking"], {}),
    ).toThrow(/no API key for api\.openai\.com/);
  });
});
