import { describe, expect, it } from "vitest";
import { LlmError } from "../../src/llm/errors";
import { refusedKeyword, withoutKeywords } from "../../src/llm/schema-support";

const schema = {
  type: "object",
  properties: { pattern: { type: "array", minItems: 2, maxItems: 2, items: { type: "integer", minimum: 1, maximum: 3 } } },
  required: ["pattern"],
  additionalProperties: false,
};
const badRequest = (message: string) => new LlmError("bad_request", `HTTP 400: ${message}`, { status: 400, serverMessage: message });

describe("schema keywords a server refuses", () => {
  it("finds the refused keyword only in a complaint about the schema, and only if we sent it", () => {
    expect(refusedKeyword(badRequest("Invalid schema for response_format 'x': 'minItems' is not permitted."), schema)).toBe("minItems");
    expect(refusedKeyword(badRequest("json_schema keyword maximum is not supported"), schema)).toBe("maximum");
    // Not about the schema: a context-length error says "maximum" too.
    expect(refusedKeyword(badRequest("This model's maximum context length is 8192 tokens."), schema)).toBeUndefined();
    // A keyword we did not send cannot be the problem.
    expect(refusedKeyword(badRequest("Invalid schema: 'minLength' is not permitted."), schema)).toBeUndefined();
    expect(refusedKeyword(new LlmError("server", "HTTP 500: schema minItems"), schema)).toBeUndefined();
  });

  it("drops keywords at every depth but keeps a property that happens to share the name", () => {
    const dropped = withoutKeywords(schema, new Set(["minItems", "pattern", "maximum"]));
    expect(dropped.properties.pattern).toEqual({ type: "array", maxItems: 2, items: { type: "integer", minimum: 1 } });
    expect(dropped.required).toEqual(["pattern"]);
  });
});
