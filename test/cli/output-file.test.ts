import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { outputFormatOf } from "../../src/cli/output-file";
import { runCli } from "../../src/cli/run";

const dir = mkdtempSync(join(tmpdir(), "cli-format-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const input = join(dir, "in.jsonl");
writeFileSync(
  input,
  [
    { user_input: "长江有多长？", retrieved_contexts: ["长江全长约6300公里。", "It's long."], response: "约6300公里。", reference: "约6300公里。" },
    { user_input: "q2", retrieved_contexts: [], response: "a", reference: "b" },
  ]
    .map((r) => JSON.stringify(r))
    .join("\n"),
);

async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {} });
  return { code, stdout, stderr };
}

describe("score --format / --out's extension", () => {
  it("picks the format from --format, else from the extension, else the JSON report", () => {
    expect(outputFormatOf({ out: "r.PARQUET" })).toBe("parquet");
    expect(outputFormatOf({ out: "r.ndjson" })).toBe("jsonl");
    expect(outputFormatOf({ out: "r.csv", format: "json" })).toBe("json");
    expect(outputFormatOf({})).toBe("json");
  });

  it("writes parquet by extension and CSV without BOM to standard output", async () => {
    const out = join(dir, "r.parquet");
    const pq = await cli(["score", "--input", input, "--metrics", "exact_match", "--out", out]);
    expect(pq.code, pq.stderr).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PAR1");
    const csv = await cli(["score", "--input", input, "--metrics", "exact_match", "--format", "csv", "--no-bom"]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split("\r\n")[0]).toBe("id,user_input,retrieved_contexts,response,reference,exact_match,exact_match_error,exact_match_reason");
    expect(csv.stdout).toContain('"[""长江全长约6300公里。"",""It\'s long.""]"');
    const withBom = await cli(["score", "--input", input, "--metrics", "exact_match", "--format", "csv"]);
    expect(withBom.stdout.charCodeAt(0)).toBe(0xfeff);
  });

  it("refuses parquet to a terminal and an unknown format, naming the flag", async () => {
    const pq = await cli(["score", "--input", input, "--metrics", "exact_match", "--format", "parquet"]);
    expect(pq.code).toBe(2);
    expect(pq.stderr).toContain("--format parquet needs --out FILE");
    const bad = await cli(["score", "--input", input, "--metrics", "exact_match", "--format", "xlsx"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format expects one of json, csv, parquet, jsonl, got "xlsx"');
  });
});
