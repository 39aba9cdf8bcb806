import { describe, expect, it } from "vitest";
import { allPrompts, checkTemplate, METRICS, promptHash, renderMessages, resolvePrompt, validatePrompt } from "../../../src/engine";
import { statementsPrompt, verdictsPrompt } from "../../../src/engine/metrics/shared/statement-prompts";

describe("built-in prompts", () => {
  const prompts = allPrompts();
  it("are twelve, each once (the statement-based metrics and conversation faithfulness share faithfulness's two), with unique ids and schema names", () => {
    expect(prompts.map((p) => p.id)).toEqual([
      "faithfulness.statements",
      "faithfulness.verdicts",
      "answer_relevancy.questions",
      "context_relevance.sentences",
      "context_precision.verdicts",
      "context_recall.statements",
      "factual_correctness.claims",
      "context_entity_recall.entities",
      "context_utilization.verdicts",
      "agent_goal_accuracy.with_reference",
      "agent_goal_accuracy.without_reference",
      "topic_adherence.turns",
    ]);
    expect(new Set(prompts.map((p) => p.output.name)).size).toBe(12);
    expect(METRICS.answer_correctness.prompts).toEqual([statementsPrompt, verdictsPrompt]);
    expect(METRICS.noise_sensitivity.prompts).toEqual([statementsPrompt, verdictsPrompt]);
    expect(METRICS.factual_correctness.prompts.map((p) => p.id)).toEqual(["factual_correctness.claims", "faithfulness.verdicts"]);
  });
  it.each(["factual_correctness.claims", "context_entity_recall.entities", "context_utilization.verdicts"])(
    "%s has English and Chinese worked examples",
    (id) => {
      const examples = prompts.find((p) => p.id === id)!.examples.map((e) => JSON.stringify(e));
      expect(examples.some((e) => /[\u4e00-\u9fff]/u.test(e))).toBe(true);
      expect(examples.some((e) => !/[\u4e00-\u9fff]/u.test(e))).toBe(true);
    },
  );
  it.each(allPrompts().map((p) => [p.id, p] as const))("%s is valid, has a worked example and asks for the input's language where it writes text", (_id, p) => {
    expect(validatePrompt(p)).toEqual([]);
    expect(p.examples.length).toBeGreaterThan(0);
    expect(p.output.jsonSchema).toMatchObject({ title: p.output.name, additionalProperties: false });
    if (p.id !== "context_relevance.sentences") expect(p.instruction).toMatch(/language of the/);
  });
});

describe("prompt overrides and hashes", () => {
  const base = allPrompts()[0]!;
  it("are stable for the same content and change with it", () => {
    expect(resolvePrompt(base).hash).toBe(promptHash(base));
    expect(resolvePrompt(base).hash).toMatch(/^[0-9a-f]{16}$/);
    const edited = resolvePrompt(base, { instruction: `${base.instruction} Be strict.`, versionName: "strict" });
    expect(edited.hash).not.toBe(resolvePrompt(base).hash);
    expect(edited).toMatchObject({ overridden: true, versionName: "strict" });
    expect(resolvePrompt(base, { instruction: base.instruction }).overridden).toBe(false);
  });
  it("are the same whether remembered or computed: equal content in new lists hashes alike, each edit with the same list hashes apart", () => {
    const copied = { ...base, examples: structuredClone(base.examples) };
    expect(promptHash(copied)).toBe(promptHash(base));
    const hashes = ["", " Be strict.", " Be lenient."].map((extra) => promptHash({ ...base, instruction: `${base.instruction}${extra}` }));
    expect(new Set(hashes).size).toBe(3);
    expect(promptHash({ ...base, instruction: `${base.instruction} Be strict.` })).toBe(hashes[1]);
    const moreExamples = [...base.examples, base.examples[0]!];
    expect(promptHash({ ...base, examples: moreExamples })).not.toBe(hashes[0]);
    expect(promptHash({ ...base, id: `${base.id}.copy` })).not.toBe(hashes[0]);
  });
  it("render the instruction and examples as the system message and the input as the user message", () => {
    const [system, user] = renderMessages(base, { question: "Q?", answer: "A." });
    expect(system!.content.startsWith(base.instruction)).toBe(true);
    expect(system!.content).toContain('Output: {"statements":["Marie Curie was a Polish-born physicist."');
    expect(user!.content).toBe("Question: Q?\nAnswer: A.");
  });
});

describe("checkTemplate", () => {
  it("reports unknown variables with their position and missing ones", () => {
    const issues = checkTemplate("Q: {{question}} A: {{answr}}", ["question", "answer"]);
    expect(issues).toEqual([
      expect.objectContaining({ kind: "unknown_variable", name: "answr", start: 19, end: 28 }),
      expect.objectContaining({ kind: "missing_variable", name: "answer" }),
    ]);
  });
});
