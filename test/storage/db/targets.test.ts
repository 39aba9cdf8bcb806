import { describe, expect, it } from "vitest";
import { forgetKey, rememberKey } from "../../../src/storage/db/keys";
import { forgetTargetSecrets, loadTargetSecrets, rememberTargetSecrets } from "../../../src/storage/db/target-secrets";
import { loadTarget, type SavedTarget, saveTarget } from "../../../src/storage/db/targets";
import { freshDb } from "./helpers";

/** Issue 29: the saved target never holds a secret header's value; the secrets store holds it only on request. */

const SECRET = "Bearer rag-secret-7f3a9c";

const target: SavedTarget = {
  url: "http://localhost:8000/invoke",
  method: "POST",
  headers: [
    { name: "Authorization", value: SECRET, secret: true },
    { name: "X-Tenant", value: "acme", secret: false },
  ],
  body: '{"q":"{{question}}"}',
  answer: "$.answer",
  contexts: "$.docs[*].text",
  contextIds: "",
  toolCalls: "$.tool_calls",
  stream: "none",
  rememberSecrets: false,
};

describe("the saved target", () => {
  it("is stored with every secret header blanked, and read back through its schema", async () => {
    const db = await freshDb();
    await saveTarget(db, target);
    expect(JSON.stringify(await db.getAll("settings"))).not.toContain("rag-secret");
    const { target: read } = await loadTarget(db);
    expect(read?.headers).toEqual([
      { name: "Authorization", value: "", secret: true },
      { name: "X-Tenant", value: "acme", secret: false },
    ]);
    expect(read?.answer).toBe("$.answer");
    expect(read?.toolCalls).toBe("$.tool_calls");
  });

  it("reads a format 1 target (before the tool calls path) as it was, with none", async () => {
    const db = await freshDb();
    const { toolCalls: _, ...before } = target;
    await db.put("settings", { ...before, v: 1 }, "target");
    const { target: read, issues } = await loadTarget(db);
    expect(issues).toEqual([]);
    expect(read).toMatchObject({ answer: "$.answer", contexts: "$.docs[*].text", toolCalls: "" });
  });

  it("says so (and shows no content) when the stored target cannot be read", async () => {
    const db = await freshDb();
    await db.put("settings", { v: 1, url: 5 }, "target");
    const read = await loadTarget(db);
    expect(read.target).toBeUndefined();
    expect(read.issues[0]?.message).toMatch(/^the saved target is invalid \(url: .*fill in the target again$/);
  });

  it("keeps secret values apart, and Forget key (the API key's) leaves them to their own Forget", async () => {
    const db = await freshDb();
    expect(await loadTargetSecrets(db)).toEqual({});
    await rememberTargetSecrets(db, { Authorization: SECRET });
    await rememberKey(db, "sk-test-123");
    await forgetKey(db);
    expect(await db.get("secrets", "apiKey")).toBeUndefined();
    expect(await loadTargetSecrets(db)).toEqual({ Authorization: SECRET });
    await forgetTargetSecrets(db);
    expect(await db.count("secrets")).toBe(0);
  });
});
