import { describe, expect, it } from "vitest";
import {
  buildReport,
  MIGRATIONS,
  parseReport,
  promptsUsed,
  REPORT_FORMAT,
  REPORT_VERSION,
  serializeReport,
  type Report,
} from "../../../src/storage/format/report";
import type { JsonObject } from "../../../src/storage/format/report-migrations";
import { wilsonInterval } from "../../../src/engine/stats/wilson";
import { FAKE_KEY, fakeOutput, fakeReport, metrics, samples } from "./report-fixture";

const text = (doc: unknown) => JSON.stringify(doc);
// biome-ignore lint/suspicious/noExplicitAny: these tests break documents in ways no type allows (wrong types, deleted fields)
const clone = (r: Report) => JSON.parse(JSON.stringify(r)) as any;
function errorOf(doc: unknown, file = "run.json") {
  const result = parseReport(typeof doc === "string" ? doc : text(doc), file);
  if (result.ok) throw new Error("expected the report to be refused");
  return result.error;
}

describe("buildReport", () => {
  it("writes contract 5's envelope, flat summary and usage", () => {
    const report = fakeReport();
    expect(report).toMatchObject({
      format: REPORT_FORMAT,
      version: REPORT_VERSION,
      createdAt: "2025-01-02T03:04:05.000Z",
      generator: { name: "test", version: "0.0.1" },
    });
    expect(report.summary).toEqual({
      // Contract 14: one score of 0.5 resamples to itself; a single 1 is a proportion (Wilson's).
      faithfulness: { mean: 0.5, median: 0.5, count: 1, nullCount: 1, nullCodes: { no_statements: 1 }, ci95: [0.5, 0.5], ciMethod: "bootstrap" },
      context_precision: { mean: 1, median: 1, count: 1, nullCount: 1, nullCodes: { missing_input: 1 }, ci95: wilsonInterval(1, 1), ciMethod: "wilson" },
      ragasScore: 2 / 3,
    });
    expect(report.usage).toMatchObject({ requests: 4, promptTokens: 400, completionTokens: 80, wallMs: 1234, peakInFlight: 3 });
    expect(report.config.prompts.map((p) => p.id)).toEqual(promptsUsed(metrics).map((p) => p.id));
  });

  it("drops each call's messages and reply unless asked (the prompts are in config)", () => {
    const calls = fakeReport().results[0]!.metrics.faithfulness!.trace.calls;
    expect(calls[0]).not.toHaveProperty("messages");
    expect(calls[0]).not.toHaveProperty("reply");
    const kept = buildReport({
      samples,
      output: fakeOutput(),
      config: { baseURL: "http://x", model: "m", concurrency: 1, metrics, prompts: [] },
      generator: { name: "t", version: "1" },
      keepCallText: true,
    });
    expect(kept.results[0]!.metrics.faithfulness!.trace.calls[0]).toHaveProperty("messages");
  });

  it("never writes an API key: key-like fields, URL credentials and known secret values are removed", () => {
    const report = buildReport({
      samples,
      output: fakeOutput(),
      config: {
        baseURL: `https://user:${FAKE_KEY}@api.example.com/v1?api-key=${FAKE_KEY}&deployment=x`,
        model: "judge",
        concurrency: 2,
        metrics,
        prompts: [],
        apiKey: FAKE_KEY,
        embeddingApiKey: FAKE_KEY,
        headers: { Authorization: `Bearer ${FAKE_KEY}` },
        secret: FAKE_KEY,
      },
      generator: { name: "t", version: "1" },
      redact: [FAKE_KEY],
    });
    const written = serializeReport(report);
    expect(written).not.toContain(FAKE_KEY);
    expect(written).not.toMatch(/apiKey|api-key|Authorization/i);
    expect(report.config.baseURL).toBe("https://api.example.com/v1?deployment=x");
    expect(parseReport(written, "r.json").ok).toBe(true);
  });

  it("scrubs a secret that leaked into an error message", () => {
    const output = fakeOutput();
    output.results[1]!.metrics.context_precision!.error!.message = `server said: bad key ${FAKE_KEY}`;
    const report = buildReport({
      samples,
      output,
      config: { baseURL: "http://x", model: "m", concurrency: 1, metrics, prompts: [] },
      generator: { name: "t", version: "1" },
      redact: [FAKE_KEY],
    });
    expect(serializeReport(report)).not.toContain(FAKE_KEY);
  });
});

describe("parseReport", () => {
  it("round-trips a built report", () => {
    const report = fakeReport();
    const parsed = parseReport(serializeReport(report), "run.json");
    expect(parsed).toEqual({ ok: true, report });
  });

  it("refuses text that is not JSON, or JSON that is not a report", () => {
    expect(errorOf("{nope")).toMatchObject({ kind: "not_json", file: "run.json" });
    expect(errorOf([1, 2]).kind).toBe("not_a_report");
    expect(errorOf({ format: "something-else", version: 1 }).message).toBe(
      'run.json: not a Ragas Playground report (expected "format": "ragas-playground/report")',
    );
  });

  it("refuses a report from a newer version, naming both versions", () => {
    const doc = { ...clone(fakeReport()), version: REPORT_VERSION + 1 };
    const error = errorOf(doc, "future.json");
    expect(error.kind).toBe("too_new");
    expect(error.message).toContain("future.json");
    expect(error.message).toContain(`report version ${REPORT_VERSION + 1}`);
    expect(error.message).toContain(`up to version ${REPORT_VERSION}`);
  });

  it("refuses a version it has no migration for", () => {
    const error = errorOf({ ...clone(fakeReport()), version: 0 });
    expect(error.kind).toBe("invalid");
    expect(error.message).toMatch(/^run\.json: version: report version 0 is not one this app can read/);
  });

  it("migrates older versions through the migration list before validating", () => {
    // A pretend version 0 that called the judge model "judgeModel" and had no generator.
    const v1 = clone(fakeReport());
    const { model, ...config } = v1.config;
    const v0 = { ...v1, version: 0, config: { ...config, judgeModel: model } };
    delete v0.generator;
    const migrations = {
      ...MIGRATIONS,
      0: (doc: JsonObject) => {
        const config = doc.config as JsonObject;
        return { ...doc, generator: { name: "unknown", version: "0" }, config: { ...config, model: config.judgeModel } };
      },
    };
    const parsed = parseReport(text(v0), "old.json", { migrations });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.migratedFrom).toBe(0);
      expect(parsed.report.version).toBe(REPORT_VERSION);
      expect(parsed.report.config.model).toBe("judge");
    }
  });

  it("names the JSON path of a schema violation", () => {
    const doc = clone(fakeReport());
    doc.results[0].metrics.faithfulness.score = 1.5;
    const error = errorOf(doc);
    expect(error.kind).toBe("invalid");
    expect(error.path).toBe("results[0].metrics.faithfulness.score");
    expect(error.message).toMatch(/^run\.json: results\[0\]\.metrics\.faithfulness\.score: /);
  });

  it("refuses a score that does not follow from its trace", () => {
    const doc = clone(fakeReport());
    doc.results[0].metrics.faithfulness.score = 0.75;
    doc.summary.faithfulness.mean = 0.75;
    doc.summary.faithfulness.median = 0.75;
    const error = errorOf(doc);
    expect(error.kind).toBe("inconsistent");
    expect(error.path).toBe("results[0].metrics.faithfulness.score");
    expect(error.message).toContain("does not follow from its trace");
  });

  it("refuses a trace with a verdict that is not 0 or 1", () => {
    const doc = clone(fakeReport());
    doc.results[0].metrics.faithfulness.trace.statements[1].verdict = "yes";
    expect(errorOf(doc)).toMatchObject({ kind: "inconsistent", path: "results[0].metrics.faithfulness.trace.statements[1].verdict" });
  });

  it("refuses a null without an error code", () => {
    const doc = clone(fakeReport());
    delete doc.results[1].metrics.faithfulness.error;
    expect(errorOf(doc)).toMatchObject({ kind: "inconsistent", path: "results[1].metrics.faithfulness.error" });
  });

  it("refuses an error code the engine never writes, and a call of a kind it never makes, naming the path (one schema with the engine)", () => {
    const doc = clone(fakeReport());
    doc.results[1].metrics.faithfulness.error.code = "timeout";
    const error = errorOf(doc);
    expect(error).toMatchObject({ kind: "invalid", path: "results[1].metrics.faithfulness.error.code" });
    expect(error.message).toMatch(/^run\.json: results\[1\]\.metrics\.faithfulness\.error\.code: .*no_statements/);
    const call = clone(fakeReport());
    call.results[0].metrics.faithfulness.trace.calls[0].mode = "xml";
    expect(errorOf(call)).toMatchObject({ kind: "invalid", path: "results[0].metrics.faithfulness.trace.calls[0].mode" });
  });

  it("refuses results that do not match the samples", () => {
    const doc = clone(fakeReport());
    doc.results[1].sampleId = "ghost";
    expect(errorOf(doc)).toMatchObject({ kind: "inconsistent", path: "results[1].sampleId" });
    const dup = clone(fakeReport());
    dup.samples[1].id = "s1";
    expect(errorOf(dup)).toMatchObject({ kind: "inconsistent", path: "samples[1].id" });
  });

  it("refuses a summary that is not the summary of the results", () => {
    const doc = clone(fakeReport());
    doc.summary.context_precision.count = 2;
    expect(errorOf(doc)).toMatchObject({ kind: "inconsistent", path: "summary.context_precision.count" });
  });

  it("drops a key someone added to config by hand", () => {
    const doc = clone(fakeReport());
    doc.config.apiKey = FAKE_KEY;
    const parsed = parseReport(text(doc), "run.json");
    expect(parsed.ok && JSON.stringify(parsed.report)).not.toContain(FAKE_KEY);
  });
});

describe("resultsToCsv", () => {
  it("writes one row per sample with score, error code and reason per metric; a null is an empty score", async () => {
    const { resultsToCsv } = await import("../../../src/storage/format/results-csv");
    const { parseCsv } = await import("../../../src/storage/format/csv");
    const rows = parseCsv(resultsToCsv(fakeReport())).map((r) => r.fields);
    expect(rows[0]).toEqual([
      "id",
      "user_input",
      "retrieved_contexts",
      "response",
      "reference",
      "faithfulness",
      "faithfulness_error",
      "faithfulness_reason",
      "context_precision",
      "context_precision_error",
      "context_precision_reason",
    ]);
    expect(rows[1]!.slice(0, 4)).toEqual([
      "s1",
      "Where does the Nile end?",
      '["The Nile empties into the Mediterranean Sea."]',
      "In the Mediterranean. It is long.",
    ]);
    expect(rows[1]!.slice(5, 7)).toEqual(["0.5", ""]);
    expect(rows[2]!.slice(5, 7)).toEqual(["", "no_statements"]);
  });
});
