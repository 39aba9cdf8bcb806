import { describe, expect, it } from "vitest";
import { rowsToAsk } from "../../../../src/app/datasets/ask/ask-job";
import { DEFAULT_DRAFT, draftToFile, newHeader, secretValues, withSecrets } from "../../../../src/app/datasets/ask/target-draft";
import type { DatasetRow } from "../../../../src/storage/db/datasets";

/** Issue 29: the form -> a contract-13 target file whose secret headers are `${NAME}` variables, and which rows a job asks. */

const SECRET = "Bearer rag-secret-7f3a9c";

describe("the target form as a target file", () => {
  it("puts a secret header in the file as a variable and its value only in the env", () => {
    const draft = {
      ...DEFAULT_DRAFT,
      headers: [newHeader("Authorization", SECRET), newHeader("X-Tenant", "acme"), newHeader("  ", "ignored")],
      contextIds: "$.output.ids[*]",
      toolCalls: " $.output.tool_calls ",
      stream: "sse" as const,
    };
    expect(draft.headers.map((h) => h.secret)).toEqual([true, false, false]);
    const drafted = draftToFile(draft, { timeoutMs: 5000, retries: 2 });
    expect(drafted).toEqual({
      ok: true,
      file: {
        url: "http://localhost:8000/invoke",
        method: "POST",
        headers: { Authorization: `\${TARGET_HEADER_1}`, "X-Tenant": "acme" },
        body: { input: { input: "{{question}}" } },
        answer: "$.output.answer",
        contexts: "$.output.context[*].page_content",
        contextIds: "$.output.ids[*]",
        toolCalls: "$.output.tool_calls",
        stream: "sse",
        timeoutMs: 5000,
        retries: 2,
      },
      env: { TARGET_HEADER_1: SECRET },
    });
    expect(JSON.stringify(drafted.ok && drafted.file)).not.toContain("rag-secret");
  });

  it("names the body when its template is not JSON, and sends no body for GET", () => {
    const bad = draftToFile({ ...DEFAULT_DRAFT, body: '{"q": {{question}}}' }, { timeoutMs: 1000, retries: 0 });
    expect(bad).toMatchObject({ ok: false, field: "body", message: expect.stringMatching(/JSON/) });
    const get = draftToFile({ ...DEFAULT_DRAFT, method: "GET", url: "http://h/ask?q={{question}}", body: "not json" }, { timeoutMs: 1000, retries: 0 });
    expect(get.ok && get.file).not.toHaveProperty("body");
    expect(get.ok && get.file.contexts).toBe("$.output.context[*].page_content");
  });

  it("remembers secret values by header name and puts them back on the saved (blanked) form", () => {
    const draft = { ...DEFAULT_DRAFT, headers: [newHeader("X-Api-Key", "k-123456"), newHeader("X-Tenant", "acme")] };
    expect(secretValues(draft)).toEqual({ "X-Api-Key": "k-123456" });
    const blanked = { ...draft, headers: draft.headers.map((h) => (h.secret ? { ...h, value: "" } : h)) };
    expect(withSecrets(blanked, { "X-Api-Key": "k-123456", Other: "x" }).headers).toEqual(draft.headers);
  });
});

const row = (position: number, answer: string, asked?: DatasetRow["asked"]): DatasetRow => ({
  datasetId: "d",
  position,
  sample: { id: `r${position}`, question: `q${position}`, answer, contexts: [] },
  ...(asked ? { asked } : {}),
});

describe("rows an ask job asks", () => {
  const rows = [
    row(0, ""),
    row(1, "imported answer"),
    row(2, "asked before", { job: "job-1", at: 1, ms: 10, status: 200 }),
    row(3, "", { job: "job-1", at: 1, ms: 10, status: 500, error: "HTTP 500" }),
    row(4, "by an older job", { job: "job-0", at: 1, ms: 10, status: 200 }),
  ];
  it("asks rows without an answer, and on resume the ones whose call failed, never one it answered", () => {
    expect(rowsToAsk(rows, { id: "job-1", mode: "missing" }).map((r) => r.position)).toEqual([0, 3]);
  });
  it("asks every row for 'all rows', minus those this job already answered", () => {
    expect(rowsToAsk(rows, { id: "job-1", mode: "all" }).map((r) => r.position)).toEqual([0, 1, 3, 4]);
    expect(rowsToAsk(rows, { id: "job-2", mode: "all" }).map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
  });
});
