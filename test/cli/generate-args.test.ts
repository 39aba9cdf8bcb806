import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/errors";
import { parseGenerateArgs } from "../../src/cli/generate-args";

const base = ["--docs", "a.md,docs", "--size", "10", "--out", "t.jsonl", "--base-url", "http://localhost:1234/v1", "--model", "m", "--embedding-model", "e"];

describe("generate's command line (contract 12)", () => {
  it("reads the defaults: graph mode, every check, auto language, seed 1, concurrency 8", () => {
    expect(parseGenerateArgs(base, {})).toMatchObject({
      docs: ["a.md", "docs"],
      size: 10,
      mode: "graph",
      language: "auto",
      checks: ["grounded", "standalone", "leakage", "duplicate"],
      seed: 1,
      concurrency: 8,
      batch: false,
      resume: false,
    });
  });

  it("reads a distribution by short or full synthesizer names, checks in their order, --no-checks", () => {
    const args = parseGenerateArgs(
      [...base, "--distribution", "single_hop_specific=2,multi_hop_abstract_query_synthesizer=1", "--checks", "duplicate,grounded"],
      {},
    );
    expect(args.distribution).toEqual({ single_hop_specific_query_synthesizer: 2, multi_hop_abstract_query_synthesizer: 1 });
    expect(args.checks).toEqual(["grounded", "duplicate"]);
    expect(parseGenerateArgs([...base, "--no-checks", "--mode", "quick", "--language", "zh"], {})).toMatchObject({ checks: [], mode: "quick", language: "zh" });
  });

  it.each([
    [["--mode", "fast"], /--mode must be one of graph, quick/],
    [["--size", "0"], /--size must be a whole number of at least 1/],
    [["--checks", "grounded", "--no-checks"], /contradict/],
    [["--checks", "fluency"], /unknown check "fluency"/],
    [["--distribution", "two_hop=1"], /unknown synthesizer "two_hop"/],
    [["--distribution", "single_hop_specific=0"], /add up to 0/],
    [["--language", "Chinese!"], /--language must be auto or a language code/],
    [["--chunks", "c.jsonl"], /--docs and --chunks are two sources/],
    [["--bogus"], /bogus/],
  ])("refuses %j", (more, message) => {
    expect(() => parseGenerateArgs([...base, ...more], {})).toThrow(UsageError);
    expect(() => parseGenerateArgs([...base, ...more], {})).toThrow(message);
  });

  it("--chunks FILE stands in for --docs", () => {
    const own = parseGenerateArgs(["--chunks", "c.jsonl", ...base.slice(2)], {});
    expect(own).toMatchObject({ chunks: "c.jsonl", docs: [] });
    expect(() => parseGenerateArgs(base.slice(2), {})).toThrow(/--docs is required \(or --chunks FILE/);
  });

  it("needs a key for a remote endpoint, and the embedding model", () => {
    const remote = base.map((a) => (a === "http://localhost:1234/v1" ? "https://api.example.com/v1" : a));
    expect(() => parseGenerateArgs(remote, {})).toThrow(/no API key/);
    expect(parseGenerateArgs(remote, { OPENAI_API_KEY: "sk-x" }).apiKey).toBe("sk-x");
    expect(() => parseGenerateArgs(base.slice(0, -2), {})).toThrow(/--embedding-model is required/);
  });
});
