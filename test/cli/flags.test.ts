import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/errors";
import { FLAGS, flagHelp, readFlags } from "../../src/cli/flags";

const base = ["--input", "d.jsonl", "--base-url", "http://localhost:8000/v1", "--model", "m"];

describe("the flag table", () => {
  it("lists every flag of a command in that command's --help, and no other", () => {
    for (const command of ["score", "agreement"] as const) {
      const help = Object.values(flagHelp(command)).join("\n");
      for (const row of Object.values(FLAGS)) {
        const listed = new RegExp(`^ +${row.flag}\\b`, "m").test(help);
        expect(listed, `${row.flag} in ${command}'s help`).toBe((row.commands as readonly string[]).includes(command));
      }
    }
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
