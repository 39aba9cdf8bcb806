import { describe, expect, it } from "vitest";
import { corsAdvice } from "../../../src/engine/target/cors-advice";
import { renderBody, renderRequest } from "../../../src/engine/target/render-request";
import { headerVariables, MissingVariableError, resolveHeaders, scrubTargetText, shownHeaders, targetSecrets } from "../../../src/engine/target/target-headers";
import { describeTargetIssues, targetSchema } from "../../../src/engine/target/target-schema";

const HOSTILE = 'a "quoted" \\ back\nslash }, "injected": true, {{messages}} 中文';

describe("the body template", () => {
  it("puts the question in as a JSON value: quotes, backslashes, braces and newlines cannot add a field", () => {
    const body = renderBody(
      { question: "{{question}}", nested: ["{{ question }}", { q: "Q: {{question}}" }], k: 3, flag: true, none: null },
      { question: HOSTILE },
    );
    expect(body).toEqual({ question: HOSTILE, nested: [HOSTILE, { q: `Q: ${HOSTILE}` }], k: 3, flag: true, none: null });
    const sent = JSON.parse(
      renderRequest(targetSchema.parse({ url: "http://x/rag", body: { question: "{{question}}" }, answer: "$.a" }), {}, { question: HOSTILE }).body!,
    );
    expect(Object.keys(sent)).toEqual(["question"]);
    expect(sent.question).toBe(HOSTILE);
  });

  it('"{{messages}}" becomes the messages array; inside a longer string, its JSON text', () => {
    const messages = [
      { role: "user" as const, content: "你好" },
      { role: "assistant" as const, content: "Hello" },
    ];
    expect(renderBody({ history: "{{messages}}", note: "turns: {{messages}}" }, { question: "q", messages })).toEqual({
      history: messages,
      note: `turns: ${JSON.stringify(messages)}`,
    });
    // A one-question sample: the question is the one user turn.
    expect(renderBody({ history: "{{messages}}" }, { question: "q" })).toEqual({ history: [{ role: "user", content: "q" }] });
  });

  it("a GET target gets the question percent-encoded into its URL and no body; a POST gets content-type unless given", () => {
    const get = targetSchema.parse({ url: "http://x/search?q={{question}}&k=2", method: "GET", answer: "$.a" });
    expect(renderRequest(get, {}, { question: "a&b=c d" })).toEqual({ url: "http://x/search?q=a%26b%3Dc%20d&k=2", method: "GET", headers: {} });
    const post = targetSchema.parse({ url: "http://x/rag", body: { q: "{{question}}" }, answer: "$.a" });
    expect(renderRequest(post, { "Content-Type": "application/json; charset=utf-8" }, { question: "q" }).headers).toEqual({
      "Content-Type": "application/json; charset=utf-8",
    });
    expect(renderRequest(post, {}, { question: "q" }).headers).toEqual({ "content-type": "application/json" });
  });
});

describe("the target file schema", () => {
  it("fills in the defaults and refuses what cannot work, naming the field", () => {
    expect(targetSchema.parse({ url: "https://rag.example/ask", body: { q: "{{question}}" }, answer: "$.answer" })).toEqual({
      url: "https://rag.example/ask",
      method: "POST",
      headers: {},
      body: { q: "{{question}}" },
      answer: "$.answer",
    });
    const problem = (input: unknown) => {
      const r = targetSchema.safeParse(input);
      return r.success ? "accepted" : describeTargetIssues(r.error);
    };
    expect(problem({ url: "ftp://x", body: { q: "{{question}}" }, answer: "$.a" })).toBe("url: an http:// or https:// URL");
    expect(problem({ url: "http://x", body: { q: "{{questoin}}" }, answer: "$.a" })).toBe(
      "body: unknown placeholder {{questoin}} (expected {{question}} or {{messages}}); body: neither the body nor the URL holds {{question}} or {{messages}}: every sample would ask the same",
    );
    expect(problem({ url: "http://x?q={{question}}", method: "GET", body: {}, answer: "$.a" })).toBe(
      "body: a GET request has no body: put {{question}} in the URL",
    );
    expect(problem({ url: "http://x", body: { q: "{{question}}" }, answer: "data.answer" })).toBe('answer: a JSONPath starts with "$" (e.g. $.data.answer)');
    expect(problem({ url: "http://x", body: { q: "{{question}}" }, answer: "$.a", method: "DELETE" })).toMatch(/^method: /);
  });
});

describe("secret headers", () => {
  const target = targetSchema.parse({
    url: "https://user:pw-9876@rag.example/ask?api_key=QUERYKEY123",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a target file's ${NAME} header value, read from the environment
    headers: { Authorization: "Bearer ${RAG_TOKEN}", "X-Api-Key": "literal-key-5555", "X-Team": "${TEAM}", Accept: "application/json" },
    body: { q: "{{question}}" },
    answer: "$.a",
  });
  const env = { RAG_TOKEN: "tok-ABCDEF-123", TEAM: "search" };

  it("header values written $NAME-in-braces come from the environment handed in; a missing one names the variable and the header", () => {
    expect(headerVariables(target)).toEqual(["RAG_TOKEN", "TEAM"]);
    expect(resolveHeaders(target, env)).toEqual({
      Authorization: "Bearer tok-ABCDEF-123",
      "X-Api-Key": "literal-key-5555",
      "X-Team": "search",
      Accept: "application/json",
    });
    expect(() => resolveHeaders(target, { TEAM: "x" })).toThrow(new MissingVariableError("RAG_TOKEN", "Authorization"));
  });

  it("every variable's value, every credential-named literal and the URL's credentials are secrets, scrubbed in every spelling", () => {
    expect([...targetSecrets(target, env)].sort()).toEqual(["QUERYKEY123", "literal-key-5555", "pw-9876", "search", "tok-ABCDEF-123", "user"].sort());
    const secrets = targetSecrets(target, env);
    expect(scrubTargetText('sent "Bearer tok-ABCDEF-123" to ?api_key=QUERYKEY123 and key literal-key-5555', secrets)).toBe(
      'sent "Bearer [redacted]" to ?api_key=[redacted] and key [redacted]',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a target file's ${NAME} header value, read from the environment
    const quoted = targetSecrets(targetSchema.parse({ url: "http://x", headers: { "X-Token": "${T}" }, body: { q: "{{question}}" }, answer: "$.a" }), {
      T: 'ab"cd\\ef',
    });
    expect(scrubTargetText(JSON.stringify({ echoed: 'ab"cd\\ef' }), quoted)).toBe('{"echoed":"[redacted]"}');
    expect(shownHeaders(resolveHeaders(target, env), secrets)).toEqual({
      Authorization: "[redacted]",
      "X-Api-Key": "[redacted]",
      "X-Team": "[redacted]",
      Accept: "application/json",
    });
  });
});

describe("CORS advice", () => {
  it("names the origin, the method and every header the server must allow", () => {
    expect(corsAdvice({ method: "POST", headers: { "content-type": "application/json", Authorization: "x", Accept: "*/*" } }, "http://localhost:5173")).toBe(
      "The server must answer requests from http://localhost:5173 with the header Access-Control-Allow-Origin: http://localhost:5173 (or *). " +
        "It must answer the browser's preflight (an OPTIONS request to the same URL) with status 200 or 204, Access-Control-Allow-Methods: POST and Access-Control-Allow-Headers: content-type, authorization. " +
        "Credentials in headers are allowed only with an explicit origin, not *.",
    );
  });
});
