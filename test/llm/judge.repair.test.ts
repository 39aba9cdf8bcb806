import { describe, expect, it } from "vitest";
import { MetricError } from "../../src/engine/result";
import { createJudge } from "../../src/llm";
import { baseMessages, configFor, echoRequest, expectedEcho, rejectionOf, useMockServer } from "./helpers";

describe("judge: repair and parse errors", () => {
  const mock = useMockServer();

  it("makes one repair call quoting the bad reply and the problem, then succeeds", async () => {
    const bad = '{"items": [{"text": "a", "verdict": "maybe"}]}';
    mock.server.enqueue({ content: bad }, { content: '{"items": [{"text": "a", "verdict": 1}]}' });
    const reply = await createJudge(configFor(mock.server)).complete(echoRequest());
    expect(reply.value).toEqual({ items: [{ text: "a", verdict: 1 }] });
    expect(reply.calls).toHaveLength(2);
    const repair = reply.calls[1]!;
    expect(repair.messages!.slice(0, 2)).toEqual(baseMessages);
    expect(repair.messages![2]).toEqual({ role: "assistant", content: bad });
    expect(repair.messages![3]!.role).toBe("user");
    expect(repair.messages![3]!.content).toContain("at items[0].verdict");
    expect(repair.mode).toBe("json_schema");
    expect(mock.server.log).toHaveLength(2);
  });

  it("gives parse_error naming what was wrong, with both calls recorded", async () => {
    const wrong = '{"items": [{"text": "a", "verdict": "yes"}]}';
    mock.server.enqueue({ content: wrong }, { content: wrong });
    const error = await rejectionOf(createJudge(configFor(mock.server)).complete(echoRequest()));
    expect(error).toBeInstanceOf(MetricError);
    const failure = error as MetricError;
    expect(failure.code).toBe("parse_error");
    expect(failure.message).toContain("at items[0].verdict");
    expect(failure.message).toContain("even after one repair request");
    expect(failure.calls).toHaveLength(2);
    expect(failure.calls.map((c) => c.reply)).toEqual([wrong, wrong]);
    expect(failure.calls[1]!.messages![3]!.content).toContain("at items[0].verdict");
  });

  it("retries a reply cut off mid-JSON as the same request (a fault, not a repair), billing every attempt", async () => {
    mock.server.enqueue({ content: '{"items": [{"text": "a", "verdict": 1},' });
    const judge = createJudge(configFor(mock.server, { sleep: async () => {} }));
    const reply = await judge.complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls).toHaveLength(1);
    expect(reply.calls[0]!.attempts).toBe(2);
    const billed = mock.server.log.reduce((sum, r) => sum + r.promptTokens, 0);
    expect(mock.server.log).toHaveLength(2);
    expect(reply.calls[0]!.promptTokens).toBe(billed);
    expect(mock.server.log[1]!.body).toEqual(mock.server.log[0]!.body);
  });

  it("a server that always cuts replies off ends in llm_error after the retries, never a repair", async () => {
    mock.server.configure({ faults: { rateMalformed: 1 } });
    const error = (await rejectionOf(createJudge(configFor(mock.server, { sleep: async () => {} })).complete(echoRequest()))) as MetricError;
    expect(error.code).toBe("llm_error");
    expect(error.message).toContain("cut off");
    expect(error.calls).toHaveLength(1);
    expect(error.calls[0]!.attempts).toBe(3);
    expect(mock.server.log.map((e) => e.fault)).toEqual(["malformed", "malformed", "malformed"]);
  });

  it("treats an empty reply as a parse failure and repairs it", async () => {
    mock.server.enqueue({ content: "" });
    const reply = await createJudge(configFor(mock.server)).complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls[1]!.messages![3]!.content).toContain("the reply is empty");
  });

  it("reports a reply cut off by max tokens as parse_error without a repair", async () => {
    const judge = createJudge(configFor(mock.server, { maxTokens: 5 }));
    const error = (await rejectionOf(judge.complete(echoRequest()))) as MetricError;
    expect(error.code).toBe("parse_error");
    expect(error.message).toMatch(/cut off at the token limit \(max tokens 5\).*raise max tokens/);
    expect(error.calls).toHaveLength(1);
    expect(mock.server.log[0]!.completionTokens).toBe(5);
  });

  it("turns a transport failure during the repair into llm_error with all calls", async () => {
    mock.server.enqueue({ content: "not json" }, { status: 401 });
    const error = (await rejectionOf(createJudge(configFor(mock.server)).complete(echoRequest()))) as MetricError;
    expect(error.code).toBe("llm_error");
    expect(error.calls).toHaveLength(2);
    expect(error.calls[1]!.error).toMatch(/HTTP 401/);
  });
});
