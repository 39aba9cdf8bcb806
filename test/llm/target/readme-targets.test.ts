import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTargetClient } from "../../../src/llm/target/ask-target";
import { parseTarget } from "../../../src/llm/target/parse-target";
import { expectedAnswer, type RagServer, startRagServer } from "../../target/rag-server";

/** The README's target files (test/fixtures/target), each run against the stand-in with its origin swapped in. */
let server: RagServer;
beforeAll(async () => {
  server = await startRagServer();
});
afterAll(() => server.close());

const routes = { "langserve-target.json": "/invoke", "fastapi-target.json": "/rag", "sse-target.json": "/stream" } as const;

describe("the README's target files", () => {
  it.each(Object.entries(routes))("%s reads the answer, contexts and ids of its server's reply", async (file, route) => {
    const json = JSON.parse(readFileSync(new URL(`../../fixtures/target/${file}`, import.meta.url), "utf8"));
    const parsed = parseTarget({ ...json, url: `${server.url}${route}` });
    if (!("target" in parsed)) throw new Error(parsed.problem);
    const client = createTargetClient(parsed.target, { fetch, env: { RAG_TOKEN: "token-1234", RAG_API_KEY: "key-5678" } });
    const question = "Where does the 长江 river start?";
    const outcome = await client.ask({ question });
    const expected = expectedAnswer(question);
    expect(outcome).toMatchObject({ answer: expected.answer, contexts: expected.contexts, contextIds: expected.contextIds, status: 200 });
    const sent = server.log.at(-1)!;
    expect(sent.path).toBe(route);
    if (file === "langserve-target.json") expect(sent.headers.authorization).toBe("Bearer token-1234");
    if (file === "fastapi-target.json") expect(sent.headers["x-api-key"]).toBe("key-5678");
  });
});
