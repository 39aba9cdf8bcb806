import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerRelevancyTrace, ContextRecallTrace, FaithfulnessTrace } from "../../src/engine";
import { parseReport } from "../../src/storage/format/report-parse";
import { startMockServer, type MockServer } from "../mock/server";
import { mixedSamples } from "./mixed-samples";
import { expectAccountedFor, FAKE_KEY, runCliProcess } from "./spawn-cli";

/**
 * Issue 22, what-it-must-show 2: the CLI scoring 50 samples (English and Chinese) with a judge
 * constrained the way vLLM and SGLang constrain one (the mock's xgrammar mode: every reply is
 * random text xgrammar's grammar for the sent schema allows). With schemas xgrammar reads as we
 * mean them there is no parse_error, and the text it lets the judge write is text: no statement
 * or question of one character (what `pattern: "\\S"` forced).
 */

const N = 50;
let mock: MockServer;
let dir: string;

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY, latencyMs: 2, xgrammar: { seed: 22 } });
  dir = mkdtempSync(join(tmpdir(), "ragas-xgrammar-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("cli score against a judge constrained by xgrammar", () => {
  it(`${N} mixed English / Chinese samples x 5 metrics: 0 parse_error, no one-character statement or question`, { timeout: 120_000 }, async () => {
    const input = join(dir, "mixed.jsonl");
    const out = join(dir, "report.json");
    writeFileSync(
      input,
      `${mixedSamples(N)
        .map((s) => JSON.stringify(s))
        .join("\n")}\n`,
    );
    const common = ["--base-url", mock.url, "--model", "mock-judge", "--embedding-model", "mock-embedding", "--concurrency", "16"];
    const run = await runCliProcess(["score", "--input", input, ...common, "--out", out], { env: { OPENAI_API_KEY: FAKE_KEY } });
    expect(run.code, run.stderr).toBe(0);

    const parsed = parseReport(readFileSync(out, "utf8"), out);
    if (!parsed.ok) throw parsed.error;
    const report = parsed.report;
    expect(report.samples).toHaveLength(N);
    expect(report.config.metrics).toHaveLength(5);
    const { scored, nulls, codes } = expectAccountedFor(report);
    expect(codes.parse_error ?? 0, JSON.stringify(codes)).toBe(0);
    expect(scored + nulls).toBe(N * 5);

    // Every judge request (the CLI's connection probe aside) was constrained and answered under xgrammar.
    const chat = mock.log.filter((r) => r.kind === "chat" && r.schemaName !== undefined);
    expect(chat.length).toBeGreaterThanOrEqual(N * 5);
    const odd = chat.filter((r) => r.responseFormat !== "json_schema" || r.status !== 200);
    expect(odd.map((r) => `${r.schemaName} ${r.responseFormat} ${r.status}`)).toEqual([]);

    const texts: { metric: string; text: string }[] = [];
    for (const row of report.results) {
      const f = row.metrics.faithfulness?.trace as FaithfulnessTrace | undefined;
      const a = row.metrics.answer_relevancy?.trace as AnswerRelevancyTrace | undefined;
      const c = row.metrics.context_recall?.trace as ContextRecallTrace | undefined;
      for (const s of f?.statements ?? []) texts.push({ metric: "faithfulness", text: s.text });
      for (const q of a?.questions ?? []) texts.push({ metric: "answer_relevancy", text: q.text });
      for (const s of c?.statements ?? []) texts.push({ metric: "context_recall", text: s.text });
    }
    const oneChar = texts.filter((t) => [...t.text.trim()].length <= 1);
    expect(oneChar, JSON.stringify(oneChar.slice(0, 5))).toEqual([]);
    const questions = texts.filter((t) => t.metric === "answer_relevancy");
    expect(questions.length).toBeGreaterThanOrEqual(N);
    const shortest = Math.min(...texts.map((t) => [...t.text.trim()].length));
    console.info(
      `xgrammar CLI run: ${N} samples, ${scored} of ${N * 5} results scored, nulls ${JSON.stringify(codes)}, ${chat.length} chat requests, ` +
        `${texts.length} statement/question texts (${questions.length} questions), shortest ${shortest} characters`,
    );
  });
});
