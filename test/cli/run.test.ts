import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run";
import type { CliIO } from "../../src/cli/io";

const KEY = "sk-inproc-LEAKCHECK-42aa17";

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIO = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) }, env };
  return { value, out: () => out.join(""), err: () => err.join("") };
}

describe("runCli (in process)", () => {
  it("prints help on stdout and exits 0", async () => {
    const t = io();
    expect(await runCli(["--help"], t.value)).toBe(0);
    expect(t.out()).toContain("Usage:");
    expect(t.out()).toContain("Exit codes:");
    expect(t.err()).toBe("");
  });

  it("scrubs a key given with --api-key from every error line", async () => {
    const t = io();
    const code = await runCli(["score", "--api-key", KEY, "--input", "x", "--base-url", "http://localhost:1/v1", "--model", "m", "--timeout", KEY], t.value);
    expect(code).toBe(2);
    expect(t.err()).toBe('error: --timeout expects a whole number from 1 to 3600000, got "[redacted]"\n');
  });

  it("exits 1 at once when nothing listens at the base URL: the connection check neither retries nor waits", async () => {
    const t = io({ OPENAI_API_KEY: KEY });
    const waits: number[] = [];
    t.value.sleep = async (ms) => {
      waits.push(ms);
    };
    const input = fileURLToPath(new URL("../fixtures/cli/samples.jsonl", import.meta.url));
    const code = await runCli(["score", "--input", input, "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--metrics", "faithfulness"], t.value);
    expect(code).toBe(1);
    expect(t.err()).toMatch(/error: could not start: Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
    // One request, no backoff: a wrong base URL must not cost the user the retry ladder (src/cli/preflight.ts).
    expect(waits).toEqual([]);
    expect(t.out()).toBe("");
  });

  it("scrubs OPENAI_API_KEY too, and turns unknown commands into usage errors", async () => {
    const t = io({ OPENAI_API_KEY: KEY });
    expect(await runCli([KEY], t.value)).toBe(2);
    expect(t.err()).toBe('error: unknown command "[redacted]" (expected: score, help)\n');
  });
});
