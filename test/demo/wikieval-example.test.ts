import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDemoEmbedder, createDemoJudge, DEMO_ONLY_MESSAGE } from "../../src/demo";
import { WIKIEVAL_EXAMPLE } from "../../src/demo/wikieval/example";
import { runAgreement } from "../../src/engine/agreement";
import { AGREEMENT_METHODS, AGREEMENT_TASKS } from "../../src/engine/agreement/types";
import { readAgreementFile } from "../../src/storage/format/agreement-data";
import { fixturePath } from "../fixture-path";

/**
 * The Agreement view's one-click example (issue 26): the ten WikiEval rows the tests use, and what
 * the keyless demo judge can do with them (nothing: it answers only the playground's built-in
 * examples from recorded replies, so the view asks for a key rather than showing made-up numbers).
 */

const rowsOf = async () => readAgreementFile({ name: WIKIEVAL_EXAMPLE.fileName, bytes: new TextEncoder().encode(WIKIEVAL_EXAMPLE.text) });

describe("the WikiEval example", () => {
  it("is byte for byte the fixture the tests read, and reads as ten rows with the prefixes removed", async () => {
    expect(WIKIEVAL_EXAMPLE.text).toBe(readFileSync(fixturePath("wikieval", "WikiEval_samples_10.jsonl"), "utf8"));
    const { rows } = await rowsOf();
    expect(rows).toHaveLength(10);
    expect(rows[0]!.question).toMatch(/^When is the scheduled launch date and time for the PSLV-C56 mission/);
    expect(rows.every((r) => !r.question.startsWith("Question:") && !r.answer.startsWith("Answer:"))).toBe(true);
  });

  it("cannot be judged by the demo judge: every judgement of every method and task is refused with the demo's message", async () => {
    const { rows } = await rowsOf();
    const output = await runAgreement(rows, {
      judge: createDemoJudge(),
      embedder: createDemoEmbedder(),
      concurrency: 4,
      tasks: AGREEMENT_TASKS,
      methods: AGREEMENT_METHODS,
      seed: "wikieval",
    });
    const pairs = output.rows.flatMap((r) => r.pairs);
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.filter((p) => p.scoreA !== null || p.scoreB !== null)).toEqual([]);
    // Each judgement's result (a ranking judges both sides in one, so one side may carry none).
    const results = pairs.flatMap((p) => [p.resultA, p.resultB]).filter((r) => r !== undefined);
    expect(results.length).toBeGreaterThanOrEqual(pairs.length);
    const errors = new Set(results.map((r) => r.error?.message));
    expect([...errors]).toEqual([DEMO_ONLY_MESSAGE]);
    expect(output.spend.completionTokens).toBe(0);
  });
});
