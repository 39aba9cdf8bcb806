import type { MetricTraces } from "../../src/engine/metrics/registry";
import { afterEach, describe, expect, it } from "vitest";
import { evaluate, type Sample } from "../../src/engine";
import { createJudge } from "../../src/llm";
import { MemoryResponseCache } from "../../src/llm/cache";
import { resetSchemaSupport } from "../../src/llm/schema-support";
import { configFor, echoRequest, expectedEcho, useMockServer } from "./helpers";

const sample: Sample = {
  id: "s1",
  question: "Where is the Eiffel Tower?",
  answer: "The Eiffel Tower is in Paris. It opened in 1889. It is blue.",
  contexts: ["The Eiffel Tower is a tower in Paris.", "It opened to the public in 1889."],
  reference: "It is in Paris.",
};

describe.each([
  ["JSON mode", { jsonSchema: false }],
  ["plain text", { jsonSchema: false, jsonObject: false }],
] as const)("judge: salvage of partial replies (%s)", (_mode, supports) => {
  const mock = useMockServer({ supports });

  it("keeps the valid verdicts and asks ONE follow-up for exactly the missing statements", async () => {
    const asked: string[] = [];
    mock.server.configure({
      responders: {
        faithfulness_statements: () => ({ statements: ["The tower is in Paris.", "The tower opened in 1889.", "The tower is blue."] }),
        // First reply: statement 1 fine, statement 2's verdict unusable, statement 3 left out.
        faithfulness_verdicts: ({ user }) => {
          asked.push(user);
          if (asked.length === 1)
            return {
              verdicts: [
                { reason: "In the context.", verdict: 1 },
                { reason: "?", verdict: "maybe" },
              ],
            };
          return {
            verdicts: [
              { reason: "The context gives 1889.", verdict: 1 },
              { reason: "No colour is given.", verdict: 0 },
            ],
          };
        },
      },
    });
    const out = await evaluate([sample], ["faithfulness"], { judge: createJudge(configFor(mock.server)), concurrency: 2 });
    const result = out.results[0]!.metrics.faithfulness!;
    expect(result.error).toBeUndefined();
    expect((result.trace as MetricTraces["faithfulness"]).statements.map((s: { verdict: number; reason: string }) => [s.verdict, s.reason])).toEqual([
      [1, "In the context."],
      [1, "The context gives 1889."],
      [0, "No colour is given."],
    ]);
    expect(result.score).toBeCloseTo(2 / 3, 10);
    // The follow-up lists only statements 2 and 3, renumbered, and asks for exactly 2 verdicts.
    expect(asked[1]).toContain("[1] The tower opened in 1889.\n[2] The tower is blue.");
    expect(asked[1]).not.toContain("The tower is in Paris.");
    const verdictCalls = mock.server.log.filter((r) => r.schemaName === "faithfulness_verdicts" && r.status === 200);
    expect(verdictCalls).toHaveLength(2);
    // The schema in the follow-up's format note asks for exactly the 2 missing verdicts.
    expect(JSON.stringify(verdictCalls[1]!.body)).toContain('\\"minItems\\":2,\\"maxItems\\":2');
  });

  it("caches a partial reply under its request: scoring again replays the same salvage and follow-up, asking nothing", async () => {
    let n = 0;
    mock.server.configure({
      responders: {
        faithfulness_statements: () => ({ statements: ["A.", "B."] }),
        faithfulness_verdicts: ({ user }) =>
          ++n % 2 === 1 ? { verdicts: [{ reason: "ok", verdict: 1 }] } : { verdicts: [{ reason: user.includes("[1] B.") ? "b" : "?", verdict: 0 }] },
      },
    });
    const cache = new MemoryResponseCache();
    const judge = createJudge(configFor(mock.server, { cache }));
    const first = await evaluate([sample], ["faithfulness"], { judge, concurrency: 2 });
    expect(first.results[0]!.metrics.faithfulness!.score).toBe(0.5);
    const asked = mock.server.log.length;
    // As a resumed run would: nothing answered is asked again, and the partial reply salvages the same.
    const again = await evaluate([sample], ["faithfulness"], { judge, concurrency: 2 });
    expect(mock.server.log).toHaveLength(asked);
    expect(again.results[0]!.metrics.faithfulness!.score).toBe(0.5);
    const calls = again.results[0]!.metrics.faithfulness!.trace.calls as { promptId: string; cached: boolean }[];
    expect(calls.map((c) => [c.promptId, c.cached])).toEqual([
      ["faithfulness.statements", true],
      ["faithfulness.verdicts", true],
      ["faithfulness.verdicts", true],
    ]);
  });

  it("a follow-up that still cannot be used is a parse_error (after its own one repair), not more calls", async () => {
    let n = 0;
    mock.server.configure({
      responders: {
        faithfulness_statements: () => ({ statements: ["A.", "B."] }),
        faithfulness_verdicts: () => (++n === 1 ? { verdicts: [{ reason: "ok", verdict: 1 }] } : { verdicts: [{ reason: "?", verdict: "maybe" }] }),
      },
    });
    const out = await evaluate([sample], ["faithfulness"], { judge: createJudge(configFor(mock.server)), concurrency: 2 });
    const result = out.results[0]!.metrics.faithfulness!;
    expect(result.error?.code).toBe("parse_error");
    expect(result.error?.message).toContain("at verdicts[0].verdict");
    expect(n).toBe(3); // first reply, follow-up, one repair of the follow-up
  });
});

/** A request body or JSON Schema read as plain nested objects, for asserting on its keywords. */
// biome-ignore lint/suspicious/noExplicitAny: a test walks an arbitrary JSON tree
type JsonTree = any;

describe("judge: a server that refuses a schema keyword", () => {
  const mock = useMockServer({ refuseKeywords: ["minItems"] });
  afterEach(() => resetSchemaSupport());

  it("drops the keyword for that server, remembers it for the session, and still validates locally", async () => {
    const withCount = {
      ...echoRequest(),
      output: {
        ...echoRequest().output,
        jsonSchema: {
          ...echoRequest().output.jsonSchema,
          properties: { items: { ...(echoRequest().output.jsonSchema as JsonTree).properties.items, minItems: 2, maxItems: 2 } },
        },
      },
    };
    const reply = await createJudge(configFor(mock.server)).complete(withCount);
    expect(reply.value).toEqual(expectedEcho);
    expect(mock.server.log.map((r) => r.status)).toEqual([400, 200]);
    const sent = (mock.server.log[1]!.body as JsonTree).response_format.json_schema.schema.properties.items;
    expect(sent.minItems).toBeUndefined();
    expect(sent.maxItems).toBe(2);
    expect(reply.calls[1]!.mode).toBe("json_schema");

    // A new judge for the same base URL skips the refused keyword from the first request.
    mock.server.resetLog();
    await createJudge(configFor(mock.server)).complete(withCount);
    expect(mock.server.log.map((r) => r.status)).toEqual([200]);
  });
});
