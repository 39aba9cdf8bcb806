import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/errors";
import { FLAGS, flagHelp, readFlags } from "../../src/cli/flags";

const base = ["--input", "d.jsonl", "--base-url", "http://localhost:8000/v1", "--model", "m"];

describe("the flag table", () => {
  it("lists every flag of a command in that command's --help, and no other", () => {
    for (const command of ["score", "agreement", "compare"] as const) {
      const help = Object.values(flagHelp(command)).join("\n");
      for (const row of Object.values(FLAGS)) {
        const listed = new RegExp(`^ +${row.flag}(?![\\w-])`, "m").test(help);
        // A flag may have one row per command (compare's --metrics is not score's).
        const ofCommand = Object.values(FLAGS).some((r) => r.flag === row.flag && (r.commands as readonly string[]).includes(command));
        expect(listed, `${row.flag} in ${command}'s help`).toBe(ofCommand);
      }
    }
  });

  it("reads compare's flags with contract 14's defaults, and refuses what does not fit", () => {
    expect(readFlags("compare", ["--base", "a.json", "--candidate", "b.json"], {})).toEqual({ base: "a.json", candidate: "b.json", alpha: 0.05, minEffect: 0 });
    expect(
      readFlags(
        "compare",
        [
          "--base",
          "a.json",
          "--candidate",
          "b.json",
          "--metrics",
          "faithfulness,custom:tone",
          "--alpha",
          "0.01",
          "--min-effect",
          ".02",
          "--fail-on",
          "regression",
        ],
        {},
      ),
    ).toMatchObject({ compareMetrics: ["faithfulness", "custom:tone"], alpha: 0.01, minEffect: 0.02, failOn: "regression" });
    expect(() => readFlags("compare", ["--base", "a.json"], {})).toThrow("--candidate is required");
    expect(() => readFlags("compare", ["--base", "a", "--candidate", "b", "--fail-on", "worse"], {})).toThrow(
      '--fail-on expects one of regression, got "worse"',
    );
    expect(() => readFlags("compare", ["--base", "a", "--candidate", "b", "--min-effect", "-1"], {})).toThrow("--min-effect expects a number from 0 to 1");
    expect(() => readFlags("compare", ["--base", "a", "--candidate", "b", "--model", "m"], {})).toThrow("unknown flag --model for compare");
    expect(readFlags("score", ["--input", "x", "--threshold", "faithfulness=0.8", "--threshold", "noise_sensitivity=.2"], {}).thresholds).toEqual({
      faithfulness: 0.8,
      noise_sensitivity: 0.2,
    });
    expect(() => readFlags("score", ["--input", "x", "--threshold", "faithfulness=0.8", "--threshold", "faithfulness=0.7"], {})).toThrow(
      "--threshold: faithfulness is given twice",
    );
    expect(() => readFlags("score", ["--input", "x", "--threshold", "nope=0.8"], {})).toThrow('--threshold: unknown metric "nope"');
  });

  it("gives each command only its own flags, with the table's defaults", () => {
    expect(readFlags("agreement", [...base, "--out", "a.json"], {})).toEqual({
      input: "d.jsonl",
      out: "a.json",
      baseURL: "http://localhost:8000/v1",
      model: "m",
      methods: ["ragas", "gpt_score", "gpt_ranking"],
      tasks: ["faithfulness", "answer_relevancy", "context_relevance"],
      seed: "wikieval",
      apiKey: "",
      concurrency: 8,
      timeoutMs: 60_000,
      retries: 8,
    });
    expect(() => readFlags("agreement", base, {})).toThrow("--out is required");
    expect(() => readFlags("agreement", [...base, "--out", "a.json", "--resume"], {})).toThrow(UsageError);
    expect(() => readFlags("score", [...base, "--seed", "x"], {})).toThrow(/^unknown flag --seed \(allowed: /);
  });

  it("takes values inline or as the next word, and refuses a short flag or an empty value", () => {
    expect(readFlags("score", [...base, "--out=r.json", "--repeat", "2"], {})).toMatchObject({ out: "r.json", repeat: 2 });
    expect(() => readFlags("score", [...base, "-x"], {})).toThrow(/^unknown flag -x /);
    expect(() => readFlags("score", [...base, "--out="], {})).toThrow("--out needs a non-empty value");
    expect(() => readFlags("score", [...base, "--", "x"], {})).toThrow('unexpected argument "--"');
  });
});
