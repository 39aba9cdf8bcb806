import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock/server";
import { CORPUS } from "./generate-corpus";
import { FAKE_KEY, runCliInProcess } from "./spawn-cli";

/**
 * `generate --prompts FILE`: the prompt set the studio exports carries versions of the generation
 * prompts; the CLI sends those instead of the built-in ones, and a set it cannot use stops the
 * command before any request.
 */

let mock: MockServer;
let dir: string;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-generate-prompts-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const EDITED = "EDITED BY THE STUDIO: write one question the passages answer, and its answer.";
const args = (out: string, prompts: string) => [
  "generate",
  ...["--docs", ["en-long.md", "zh-tea.md"].map((n) => join(CORPUS, n)).join(","), "--size", "3", "--out", out, "--mode", "quick", "--no-checks"],
  ...["--base-url", mock.url, "--model", "mock-judge", "--embedding-model", "mock-embedding", "--prompts", prompts],
];

describe("generate --prompts", () => {
  it("sends the set's version of a generation prompt; an unknown prompt id stops it before any request", async () => {
    const set = join(dir, "set.json");
    writeFileSync(
      set,
      JSON.stringify({ format: "ragas-playground/prompts", version: 2, prompts: { "testset.quick": { instruction: EDITED, versionName: "terse" } } }),
    );
    mock.resetLog();
    const out = join(dir, "edited.jsonl");
    const run = await runCliInProcess(args(out, set), { env: { OPENAI_API_KEY: FAKE_KEY } });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(3);
    const chats = mock.log.filter((r) => r.kind === "chat").map((r) => JSON.stringify(r.body));
    expect(chats).toHaveLength(3);
    expect(chats.every((body) => body.includes(EDITED))).toBe(true);

    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ format: "ragas-playground/prompts", version: 2, prompts: { "testset.nope": { instruction: "x" } } }));
    mock.resetLog();
    const refused = await runCliInProcess(args(join(dir, "refused.jsonl"), bad), { env: { OPENAI_API_KEY: FAKE_KEY } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.json.*unknown prompt id/);
    expect(mock.log).toEqual([]);
  });
});
