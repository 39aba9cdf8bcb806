import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionsOutputFor } from "../../src/engine/metrics/answer_relevancy/prompts";
import { verdictsOutputFor } from "../../src/engine/metrics/faithfulness/prompts";
import { createJudge } from "../../src/llm";
import { startMockServer, type MockServer } from "../mock/server";
import { xgrammarEngine } from "../mock/xgrammar";

/** The mock's xgrammar mode: a judge as vLLM / SGLang would constrain it. */

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ xgrammar: { seed: 5 } });
});
afterAll(() => mock.close());

const post = (body: unknown) =>
  fetch(`${mock.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("mock server, xgrammar mode", () => {
  it("answers with a reply xgrammar's grammar for the sent schema accepts, the same for the same request", async () => {
    const schema = questionsOutputFor(3).jsonSchema;
    const body = {
      model: "mock-judge",
      messages: [{ role: "user", content: "Answer: The Nile empties into the Mediterranean Sea.\nNumber of questions: 3" }],
      response_format: { type: "json_schema", json_schema: { name: "answer_relevancy_questions", schema, strict: true } },
    };
    const content = async () => ((await (await post(body)).json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
    const first = await content();
    expect(await (await xgrammarEngine()).accepts(schema, first)).toBe(true);
    const questions = (JSON.parse(first) as { questions: { question: string }[] }).questions;
    expect(questions).toHaveLength(3);
    // English input, English words, several of them.
    for (const q of questions) expect(q.question).toMatch(/^[A-Z][a-z]+( \S+){1,}/);
    expect(await content()).toBe(first);
  });

  it("writes Chinese for a Chinese input, and the real client validates the reply as sent", async () => {
    const judge = createJudge({ baseURL: mock.url, apiKey: "k", model: "mock-judge", embeddingModel: "e" });
    const reply = await judge.complete({
      promptId: "faithfulness.verdicts",
      promptHash: "h",
      messages: [{ role: "user", content: "Context:\n长城全长约两万一千公里。\n\nStatements:\n[1] 长城很长。\n[2] 长城在北京。" }],
      output: verdictsOutputFor(2),
    });
    expect(reply.value).toHaveLength(2);
    expect(reply.calls).toHaveLength(1);
    for (const v of reply.value) expect(v.reason).toMatch(/\p{Script=Han}{2}/u);
  });

  it("answers a schema xgrammar cannot compile with the 400 vLLM sends, and keeps serving", async () => {
    const broken = { type: "object", properties: { a: { type: "string", pattern: "((" } }, required: ["a"], additionalProperties: false };
    const refused = await post({
      model: "mock-judge",
      messages: [{ role: "user", content: "x" }],
      response_format: { type: "json_schema", json_schema: { name: "broken", schema: broken, strict: true } },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/xgrammar refused the schema/);
    const fine = await post({
      model: "mock-judge",
      messages: [{ role: "user", content: "x" }],
      response_format: { type: "json_schema", json_schema: { name: "fine", schema: verdictsOutputFor(1).jsonSchema, strict: true } },
    });
    expect(fine.status).toBe(200);
  });
});
