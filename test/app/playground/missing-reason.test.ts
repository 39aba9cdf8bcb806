import { describe, expect, it } from "vitest";
import { customId, customJudgeSchema, getMetric, missingInput, type Sample } from "../../../src/engine";
import { missingReason } from "../../../src/app/playground/missing-reason";
import { en } from "../../../src/app/shared/i18n/en";
import { zh } from "../../../src/app/shared/i18n/zh";

const full: Sample = { id: "s", question: "Who wrote it?", answer: "Ada.", contexts: ["Ada wrote it."], reference: "Ada." };

/** A custom judge whose name reads like another input: the reason must come from what is missing, not from the name. */
function judgeNamed(name: string, inputs: ("question" | "answer" | "contexts" | "reference")[]) {
  const judge = customJudgeSchema.parse({ slug: "j", name, definition: "Whatever.", inputs, scale: "binary" });
  return { metric: getMetric(customId(judge), [judge]), judge };
}

describe("missingReason: the input the engine finds missing, in the UI's words", () => {
  it("names the missing input of a judge whose name holds another input's words (the English sentence once misled it)", () => {
    const clarity = judgeNamed("the question clarity", ["question", "answer"]).metric;
    const noAnswer = { ...full, answer: " " };
    // The engine's own sentence still carries the name; the picker does not read it.
    expect(missingInput(clarity, noAnswer, true)).toBe("the question clarity needs the answer");
    expect(missingReason(en, clarity, noAnswer, true)).toBe("needs the answer");
    expect(missingReason(zh, clarity, noAnswer, true)).toBe("需要回答");

    const style = judgeNamed("reference style", ["question", "answer"]).metric;
    expect(missingReason(en, style, { ...full, question: "" }, true)).toBe("needs the question");
    const embeddingTone = judgeNamed("embedding tone", ["answer", "contexts"]).metric;
    expect(missingReason(zh, embeddingTone, { ...full, contexts: [] }, true)).toBe("需要至少一段上下文");
  });

  it("words every input a built-in metric can miss, in English and Chinese; nothing when it can run", () => {
    const cases: [string, Sample, boolean, string, string][] = [
      ["faithfulness", { ...full, contexts: [] }, true, en.missing.contexts, zh.missing.contexts],
      ["context_recall", { ...full, reference: undefined }, true, en.missing.reference, zh.missing.reference],
      ["answer_relevancy", { ...full, question: "" }, true, en.missing.question, zh.missing.question],
      ["answer_relevancy", full, false, en.missing.embedder, zh.missing.embedder],
      ["factual_correctness", { ...full, answer: "" }, true, en.missing.answer, zh.missing.answer],
      ["conversation_faithfulness", full, true, en.missing.conversation, zh.missing.conversation],
      ["tool_call_accuracy", { ...full, messages: [{ role: "user", content: "hi" }] }, true, en.missing.toolCalls, zh.missing.toolCalls],
      ["topic_adherence", { ...full, messages: [{ role: "user", content: "hi" }] }, true, en.missing.topics, zh.missing.topics],
    ];
    for (const [id, sample, hasEmbedder, english, chinese] of cases) {
      const metric = getMetric(id as Parameters<typeof getMetric>[0]);
      expect(missingReason(en, metric, sample, hasEmbedder), id).toBe(english);
      expect(missingReason(zh, metric, sample, hasEmbedder), id).toBe(chinese);
    }
    expect(missingReason(en, getMetric("faithfulness"), full, true)).toBeUndefined();
  });
});
