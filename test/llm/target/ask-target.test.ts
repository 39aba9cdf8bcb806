import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerAll } from "../../../src/engine/target/answer-all";
import { askConversation } from "../../../src/engine/target/conversation";
import { isTargetFailed } from "../../../src/engine/target/outcome";
import { MissingVariableError } from "../../../src/engine/target/target-headers";
import { type Target, type TargetInput, targetSchema } from "../../../src/engine/target/target-schema";
import { createTargetClient, type TargetExchange } from "../../../src/llm/target/ask-target";
import { parseTarget } from "../../../src/llm/target/parse-target";
import { expectedAnswer, type RagServer, startRagServer } from "../../target/rag-server";

const TOKEN = "rag-TOKEN-leakcheck-41c9";
let server: RagServer;
const sleeps: number[] = [];
const deps = () => ({ fetch, env: { RAG_TOKEN: TOKEN }, sleep: async (ms: number) => void sleeps.push(ms), random: () => 0.5 });
const target = (more: Partial<TargetInput> = {}): Target =>
  targetSchema.parse({
    url: `${server.url}/rag`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a target file's ${NAME} header value, read from the environment
    headers: { Authorization: "Bearer ${RAG_TOKEN}" },
    body: { question: "{{question}}", options: { k: 2 } },
    answer: "$.data.answer",
    contexts: "$.sources[*].text",
    contextIds: "$.sources[*].id",
    // Far above any real latency here, so a busy machine never turns an answer into a timeout.
    timeoutMs: 10_000,
    retries: 3,
    ...more,
  });

beforeAll(async () => {
  server = await startRagServer({ token: TOKEN, slowMs: 60_000 });
});
afterAll(() => server.close());

describe("the target client against the stand-in RAG server (real HTTP)", () => {
  it("answers exactly as the server did, retries 429 / 5xx honouring Retry-After, and codes every failure by status or path", async () => {
    const client = createTargetClient(target(), deps());
    const questions = [
      "Who built the bridge?",
      "When [429x2] did it open?",
      "Why [500x1] was it closed?",
      "What [500] broke?",
      "Where [nopath] is it?",
      "How [html] tall?",
    ];
    const outcomes = await answerAll(questions, (question) => ({ question }), client, { concurrency: 4 });
    // The slow reply has a target of its own: a short timeout (past it the server is still thinking), one retry.
    const slow = await createTargetClient(target({ timeoutMs: 300, retries: 1 }), deps()).ask({ question: "How [slow] long?" });
    const by = (i: number) => (i === 6 ? slow : outcomes.get(i)!);
    for (const i of [0, 1, 2]) {
      const expected = expectedAnswer(questions[i]!);
      expect(by(i)).toMatchObject({ answer: expected.answer, contexts: expected.contexts, contextIds: expected.contextIds, status: 200 });
    }
    expect([by(0).attempts, by(1).attempts, by(2).attempts]).toEqual([1, 3, 2]);
    // Retry-After: 0 is honoured (no backoff guess): every wait the 429s and 500s caused was 0 ms.
    const failures = [3, 4, 5, 6].map((i) => by(i));
    expect(failures.every(isTargetFailed)).toBe(true);
    const messages = failures.map((o) => (isTargetFailed(o) ? o.error.message : ""));
    expect(messages[0]).toMatch(/^HTTP 500 Internal Server Error: .*internal error.* \(after 4 attempts\)$/);
    expect(messages[1]).toBe("HTTP 200, but answer path $.data.answer matched nothing in the reply");
    expect(messages[2]).toMatch(/^HTTP 200, but the reply is not JSON \(it starts "<html>/);
    expect(messages[3]).toBe("no reply within 300 ms (the target's timeout) (after 2 attempts)");
    expect(failures.map((o) => o.attempts)).toEqual([4, 1, 1, 2]);
    expect(failures.map((o) => (isTargetFailed(o) ? o.error.code : ""))).toEqual(["target_error", "target_error", "target_error", "target_error"]);
    // The timeout fell back to backoff with jitter (random 0.5 of 500 ms); every 429 and 500 waited its Retry-After: 0.
    expect(sleeps.filter((ms) => ms > 0)).toEqual([250]);
    expect(sleeps.filter((ms) => ms === 0)).toHaveLength(2 + 1 + 3);
    const sent = server.log.filter((r) => r.question === questions[0]);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({ question: questions[0], options: { k: 2 } });
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("a 4xx other than 429 is not retried, and its message names the status but never the secret", async () => {
    const client = createTargetClient(target(), { ...deps(), env: { RAG_TOKEN: `${TOKEN}-wrong` } });
    const outcome = await client.ask({ question: "Who?" });
    expect(outcome).toMatchObject({ error: { code: "target_error" }, status: 401, attempts: 1 });
    expect(isTargetFailed(outcome) && outcome.error.message).toBe('HTTP 401 Unauthorized: {"detail":"bad token"}');
    expect(() => createTargetClient(target(), { ...deps(), env: {} })).toThrow(MissingVariableError);
  });

  it("reads a streamed (SSE) reply: the answer joined from every event, the contexts from the event that holds them", async () => {
    const client = createTargetClient(
      target({ url: `${server.url}/stream`, stream: "sse", answer: "$.delta", contexts: "$.sources[*].text", contextIds: "$.sources[*].id" }),
      deps(),
    );
    const question = "Which river feeds the lake?";
    const outcome = await client.ask({ question });
    const expected = expectedAnswer(question);
    expect(outcome).toMatchObject({ answer: expected.answer, contexts: expected.contexts, contextIds: expected.contextIds, status: 200, attempts: 1 });
  });

  it("test with one row shows the request (secret redacted), the reply and what each path picked", async () => {
    const client = createTargetClient(target(), deps());
    const question = 'He said "stop" \\ then\nleft';
    const exchange: TargetExchange = await client.test({ question });
    expect(exchange.request.headers).toEqual({ Authorization: "[redacted]", "content-type": "application/json" });
    expect(JSON.parse(exchange.request.body!)).toEqual({ question, options: { k: 2 } });
    expect(exchange.status).toBe(200);
    expect(JSON.parse(exchange.reply!).data.answer).toBe(expectedAnswer(question).answer);
    expect(exchange.picked).toEqual(expectedAnswer(question));
    expect(JSON.stringify(exchange)).not.toContain(TOKEN);
  });

  it("asks a conversation turn by turn, each user turn with the messages so far", async () => {
    const client = createTargetClient(target({ body: { messages: "{{messages}}" } }), deps());
    const before = server.log.length;
    const asked = await askConversation(
      [
        { role: "user", content: "Hi, which bridge?" },
        { role: "assistant", content: "(old reply)" },
        { role: "user", content: "你好，它有多长？" },
      ],
      client,
    );
    const first = expectedAnswer("Hi, which bridge?").answer;
    expect(asked.messages).toEqual([
      { role: "user", content: "Hi, which bridge?" },
      { role: "assistant", content: first },
      { role: "user", content: "你好，它有多长？" },
      { role: "assistant", content: expectedAnswer("你好，它有多长？").answer },
    ]);
    const sent = server.log.slice(before).map((r) => JSON.parse(r.body));
    expect(sent).toEqual([
      { messages: [{ role: "user", content: "Hi, which bridge?" }] },
      {
        messages: [
          { role: "user", content: "Hi, which bridge?" },
          { role: "assistant", content: first },
          { role: "user", content: "你好，它有多长？" },
        ],
      },
    ]);
  });

  it("a toolCalls path reads OpenAI's tool_calls (JSON-string arguments) as { name, args }; a reply with none made no call", async () => {
    const client = createTargetClient(target({ toolCalls: "$.tool_calls" }), deps());
    const withTool = await client.test({ question: "Where [tool] is it?" });
    expect(withTool.picked?.toolCalls).toEqual([{ name: "lookup", args: { topic: "Where  is it?", top_k: 2 } }]);
    expect(await client.ask({ question: "Where [tool] is it?" })).toMatchObject({ toolCalls: [{ name: "lookup" }] });
    expect((await client.test({ question: "Where is it?" })).picked?.toolCalls).toEqual([]);
    // A path at something that is no call says so, as a coded target_error.
    const wrong = await createTargetClient(target({ toolCalls: "$.sources[*]" }), deps()).ask({ question: "Where is it?" });
    expect(wrong).toMatchObject({
      error: { code: "target_error", message: expect.stringMatching(/toolCalls path \$\.sources\[\*\], match 1: not a tool call/) },
    });
  });

  it("parseTarget names the field at fault: a path that does not parse, a missing placeholder", () => {
    expect(parseTarget({ url: "http://x/rag", body: { q: "{{question}}" }, answer: "$.data[" })).toEqual({
      problem: expect.stringMatching(/^answer: \$\.data\[ is not a JSONPath/),
    });
    expect(parseTarget({ url: "http://x/rag", body: { q: "fixed" }, answer: "$.a" })).toEqual({
      problem: "body: neither the body nor the URL holds {{question}} or {{messages}}: every sample would ask the same",
    });
    const ok = parseTarget({ url: "http://x/rag", body: { q: "{{question}}" }, answer: "$.a" });
    expect("target" in ok && ok.target.method).toBe("POST");
  });
});
