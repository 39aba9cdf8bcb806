import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Judge, JudgeRequest } from "../../src/engine";
import { schemaProblems } from "../../src/engine/metrics/shared/schema-lint";
import { generateTestset } from "../../src/engine/testset";
import { createEmbedder, createJudge } from "../../src/llm";
import { escapeControlChars } from "../../src/llm/extract";
import { validateReply } from "../../src/llm/validate";
import { CHINESE_CHUNKS, ENGLISH_CHUNKS } from "../engine/testset/corpus";
import { brainAnswer, readChatRequest } from "../mock/chat";
import { seededRandom } from "../mock/faults";
import { langOf, randomValue, requestRandom } from "../mock/random-json";
import { brainUserText } from "../mock/schema";
import { type MockServer, startMockServer } from "../mock/server";
import { type XgrammarEngine, xgrammarEngine } from "../mock/xgrammar";

/**
 * Issue 28: every reply schema test-set generation sends, read by xgrammar (vLLM's and SGLang's
 * engine) as we mean it, as engine-conformance.test.ts does for the metrics: collected from real
 * generations (both modes, every check, English and Chinese) sent by the real client to the
 * cooperative mock; each must keep to the portable keywords, compile, accept the cooperative and
 * the schema-random replies, and every reply xgrammar writes under it must pass our validator.
 */

interface Sent {
  promptId: string;
  schema: Record<string, unknown>;
  body: Record<string, unknown>;
  request: JudgeRequest<unknown>;
}

let mock: MockServer;
let xg: XgrammarEngine;
const sent: Sent[] = [];

beforeAll(async () => {
  [mock, xg] = await Promise.all([startMockServer({}), xgrammarEngine()]);
  const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge", embeddingModel: "mock-embedding" };
  const real = createJudge(config);
  const requests: JudgeRequest<unknown>[] = [];
  const judge: Judge = {
    complete(request) {
      requests.push(request as JudgeRequest<unknown>);
      return real.complete(request);
    },
  };
  const options = { size: 3, language: "auto", checks: ["grounded", "standalone", "leakage", "duplicate"] as const, seed: 2, concurrency: 4 };
  for (const chunks of [ENGLISH_CHUNKS, CHINESE_CHUNKS])
    for (const mode of ["graph", "quick"] as const)
      await generateTestset(chunks, { ...options, checks: [...options.checks], mode }, { judge, embedder: createEmbedder(config) });
  // Pair each request the mock saw with the spec the engine validates it against.
  const bySchema = new Map(requests.map((r) => [JSON.stringify([r.output.name, r.output.jsonSchema, r.messages]), r]));
  for (const record of mock.log.filter((r) => r.kind === "chat")) {
    const body = record.body as Record<string, unknown>;
    const format = body.response_format as { json_schema: { name: string; schema: Record<string, unknown> } };
    const request = bySchema.get(JSON.stringify([format.json_schema.name, format.json_schema.schema, body.messages]));
    if (request) sent.push({ promptId: request.promptId, schema: format.json_schema.schema, body, request });
  }
}, 120_000);
afterAll(() => mock?.close());

const langOfRequest = (s: Sent) => langOf(brainUserText(readChatRequest(s.body).messages));

describe("test-set generation's reply schemas under xgrammar", () => {
  it("cover every generation prompt and the gate's statement steps, in English and Chinese", () => {
    expect([...new Set(sent.map((s) => s.promptId))].sort()).toEqual([
      "faithfulness.statements",
      "faithfulness.verdicts",
      "testset.closed_book",
      "testset.extract",
      "testset.multi_hop",
      "testset.personas",
      "testset.quick",
      "testset.single_hop",
      "testset.summary",
    ]);
    for (const id of ["testset.extract", "testset.quick", "testset.single_hop", "testset.closed_book"]) {
      expect(
        sent.some((s) => s.promptId === id && langOfRequest(s) === "zh"),
        id,
      ).toBe(true);
      expect(
        sent.some((s) => s.promptId === id && langOfRequest(s) === "en"),
        id,
      ).toBe(true);
    }
  });

  it("keep to the portable keywords, compile, and accept the cooperative and schema-random replies", async () => {
    const distinct = new Map(sent.map((s) => [JSON.stringify(s.schema), s]));
    for (const s of distinct.values()) {
      expect(schemaProblems(s.schema), s.promptId).toEqual([]);
      await expect(xg.compile(s.schema), s.promptId).resolves.toBeDefined();
    }
    for (const s of sent) {
      const answer = brainAnswer(readChatRequest(s.body), {});
      const content = (answer.body as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
      expect(await xg.accepts(s.schema, content), `${s.promptId} refused: ${content}`).toBe(true);
      const text = `${JSON.stringify(s.schema)}\n${readChatRequest(s.body)
        .messages.map((m) => m.content)
        .join("\n")}`;
      for (const seed of [1, 2, 3]) {
        const random = JSON.stringify(randomValue(s.schema, requestRandom(seed, text), langOfRequest(s)));
        expect(await xg.accepts(s.schema, random), `${s.promptId} seed ${seed} refused: ${random}`).toBe(true);
      }
    }
  }, 120_000);

  it("every reply xgrammar writes under a schema passes the validator the engine uses for it", async () => {
    const distinct = new Map(sent.map((s) => [JSON.stringify([s.schema, s.request.output.name]), s]));
    let walks = 0;
    for (const s of distinct.values()) {
      for (const seed of [1, 2, 3]) {
        const content = await xg.generate(s.schema, { random: seededRandom(seed * 7919 + walks++), lang: langOfRequest(s) });
        const checked = validateReply(content, s.request.output);
        expect(checked.ok, `${s.promptId} seed ${seed}: ${checked.ok ? "" : checked.problem}\n${content}`).toBe(true);
        expect(JSON.parse(escapeControlChars(content))).toBeTypeOf("object");
      }
    }
    // extract, summary, personas, the one query schema, closed book, statements, and verdicts per count.
    expect(distinct.size).toBeGreaterThanOrEqual(7);
    expect(walks).toBe(3 * distinct.size);
  }, 120_000);
});
