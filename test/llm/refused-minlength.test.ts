import { afterEach, describe, expect, it } from "vitest";
import { questionsOutputFor } from "../../src/engine/metrics/answer_relevancy/prompts";
import { createJudge } from "../../src/llm";
import { resetSchemaSupport } from "../../src/llm/schema-support";
import { configFor, useMockServer } from "./helpers";

/**
 * minLength is not in OpenAI's documented strict-mode list: a server that refuses it (400 naming
 * the keyword) gets the text schema without it, and blank text is still caught by the validator.
 */
describe("a server that refuses minLength", () => {
  const mock = useMockServer({ refuseKeywords: ["minLength"] });
  afterEach(() => resetSchemaSupport());

  it("gets the questions schema without minLength after one 400, and the reply is used", async () => {
    const reply = await createJudge(configFor(mock.server)).complete({
      promptId: "answer_relevancy.questions",
      promptHash: "h",
      messages: [{ role: "user", content: "Answer: The Nile empties into the Mediterranean Sea.\nNumber of questions: 2" }],
      output: questionsOutputFor(2),
    });
    expect(mock.server.log.map((r) => r.status)).toEqual([400, 200]);
    const sent = JSON.stringify((mock.server.log[1]!.body as { response_format: { json_schema: { schema: unknown } } }).response_format.json_schema.schema);
    expect(sent).not.toContain("minLength");
    expect(sent).toContain('"minItems":2');
    expect(reply.value.questions).toHaveLength(2);
    for (const q of reply.value.questions) expect(q.question).toMatch(/^What|^Can/);
  });
});
