import { describe, expect, it } from "vitest";
import { questionsOutputFor, questionsPrompt } from "../../../src/engine/metrics/answer_relevancy/prompts";
import { usefulnessOutputFor } from "../../../src/engine/metrics/context_precision/prompts";
import { attributionPrompt } from "../../../src/engine/metrics/context_recall/prompts";
import { neededOutputFor } from "../../../src/engine/metrics/context_relevance/prompts";
import { statementsPrompt, verdictsOutputFor, verdictsPrompt } from "../../../src/engine/metrics/faithfulness/prompts";
import { allPrompts } from "../../../src/engine/metrics/registry";
import { utilizationOutputFor } from "../../../src/engine/metrics/context_utilization/prompts";
import { claimsPrompt } from "../../../src/engine/metrics/factual_correctness/prompts";
import { entitiesPrompt } from "../../../src/engine/metrics/context_entity_recall/prompts";
import { binaryVote, rubricVote } from "../../../src/engine/metrics/custom/prompt";
import { salvageItems } from "../../../src/engine/metrics/shared/items";
import { resolvePrompt, validatePrompt } from "../../../src/engine/prompts/resolve";
import type { JudgeOutputSpec } from "../../../src/engine/ports";
import { randomValue } from "../../mock/random-json";
import { seededRandom } from "../../mock/faults";
import { z } from "zod";

type Json = Record<string, unknown>;

/** OpenAI strict mode: every object lists all its properties as required and allows no others. */
function expectStrict(schema: unknown, path = "$"): void {
  if (typeof schema !== "object" || schema === null) return;
  const node = schema as Json;
  if (node.type === "object") {
    expect(node.additionalProperties, path).toBe(false);
    expect([...(node.required as string[])].sort(), path).toEqual(Object.keys(node.properties as Json).sort());
  }
  for (const [key, value] of Object.entries(node)) if (typeof value === "object") expectStrict(value, `${path}.${key}`);
}

/** Every reply schema a call can send, for n items 1..8. */
const perCall: [string, (n: number) => JudgeOutputSpec<unknown>][] = [
  ["faithfulness verdicts", verdictsOutputFor],
  ["context precision verdicts", usefulnessOutputFor],
  ["context relevance sentences", neededOutputFor],
  ["answer relevancy questions", questionsOutputFor],
  ["faithfulness statements", () => statementsPrompt.output],
  ["context recall statements", () => attributionPrompt.output],
  ["context utilization verdicts", utilizationOutputFor],
  ["factual correctness claims", () => claimsPrompt.output],
  ["context entity recall entities", () => entitiesPrompt.output],
  ["custom judge binary vote", () => binaryVote],
  ["custom judge rubric vote", () => rubricVote],
];

/** A JSON Schema read as plain nested objects, for asserting on its keywords. */
// biome-ignore lint/suspicious/noExplicitAny: a test walks an arbitrary JSON tree
type JsonTree = any;

describe("reply schemas (contract 8)", () => {
  it.each(perCall)("%s: strict, and every random reply valid under the sent schema passes the validator", (_name, specFor) => {
    for (let n = 1; n <= 8; n++) {
      const spec = specFor(n);
      expectStrict(spec.jsonSchema);
      for (let seed = 1; seed <= 40; seed++) {
        const reply = randomValue(spec.jsonSchema, seededRandom(seed * 31 + n), seed % 2 ? "en" : "zh");
        const parsed = spec.schema.safeParse(reply);
        expect(parsed.success, `n=${n} seed=${seed}: ${JSON.stringify(reply)}`).toBe(true);
      }
    }
  });

  it("issue 16's reply schemas use only enum and exact counts: no pattern, minimum or maximum", () => {
    const specs = [utilizationOutputFor(3), claimsPrompt.output, entitiesPrompt.output, binaryVote, rubricVote];
    for (const spec of specs) expect(JSON.stringify(spec.jsonSchema), spec.name).not.toMatch(/"(pattern|minimum|maximum)"/);
  });

  it("states the exact count and the numbers that exist", () => {
    const verdicts = verdictsOutputFor(3).jsonSchema as JsonTree;
    expect(verdicts.properties.verdicts).toMatchObject({ minItems: 3, maxItems: 3 });
    expect(verdicts.properties.verdicts.items.properties.verdict).toEqual({ type: "integer", enum: [0, 1] });
    const needed = neededOutputFor(5).jsonSchema as JsonTree;
    // Sentence numbers as an enum: outlines ignores minimum / maximum, every engine holds an enum.
    expect(needed.properties.needed).toEqual({ type: "array", maxItems: 5, items: { type: "integer", enum: [1, 2, 3, 4, 5] } });
    const questions = questionsOutputFor(3).jsonSchema as JsonTree;
    expect(questions.properties.questions).toMatchObject({ minItems: 3, maxItems: 3 });
    // Non-empty text as minLength 1, never a pattern (xgrammar reads "\\S" as exactly one character).
    expect(questions.properties.questions.items.properties.question).toEqual({ type: "string", minLength: 1 });
  });

  it("rejects what the schema rules out: a missing verdict, a sentence that does not exist", () => {
    expect(verdictsOutputFor(2).schema.safeParse({ verdicts: [{ reason: "r", verdict: 1 }] }).success).toBe(false);
    expect(neededOutputFor(3).schema.safeParse({ needed: [4] }).success).toBe(false);
    expect(neededOutputFor(3).schema.safeParse({ needed: [0] }).success).toBe(false);
  });

  it("merges repeated sentence numbers instead of failing (a set)", () => {
    expect(neededOutputFor(4).schema.parse({ needed: [3, 1, 3, 1] })).toEqual([1, 3]);
  });

  it("salvages a partial positional reply: valid items kept, the rest named", () => {
    const item = z.object({ reason: z.string(), verdict: z.union([z.literal(0), z.literal(1)]) });
    const got = salvageItems(
      {
        verdicts: [
          { reason: "a", verdict: 1 },
          { reason: "b", verdict: 7 },
        ],
      },
      "verdicts",
      item,
      3,
    );
    expect(got?.missing).toEqual([1, 2]);
    expect(got?.value[0]).toEqual({ reason: "a", verdict: 1 });
    // Nothing usable, or more items than asked: no salvage (the reply is repaired instead).
    expect(salvageItems({ verdicts: [] }, "verdicts", item, 3)).toBeUndefined();
    expect(
      salvageItems(
        {
          verdicts: [
            { reason: "a", verdict: 1 },
            { reason: "a", verdict: 1 },
          ],
        },
        "verdicts",
        item,
        1,
      ),
    ).toBeUndefined();
  });
});

describe("prompts keep contract 8 when edited", () => {
  it("the built-in examples fit the schema a call with their input would send", () => {
    for (const prompt of allPrompts()) expect(validatePrompt(prompt), prompt.id).toEqual([]);
  });

  it("an example with the wrong number of verdicts for its statements is flagged", () => {
    const edited = resolvePrompt(verdictsPrompt, {
      examples: [{ input: { context: "c", statements: "[1] a\n[2] b" }, output: { verdicts: [{ reason: "r", verdict: 1 }] } }],
    });
    const issues = validatePrompt(edited);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain("expected exactly 2 items");
  });

  it("the reply schema comes from the metric, never from the override", () => {
    const sneaky = { instruction: "Reply with anything.", output: { name: "x", jsonSchema: {}, schema: z.any() } } as never;
    const resolved = resolvePrompt(questionsPrompt, sneaky);
    expect(resolved.instruction).toBe("Reply with anything.");
    expect(resolved.output).toBe(questionsPrompt.output);
    expect(resolved.outputForInput).toBe(questionsPrompt.outputForInput);
  });
});
