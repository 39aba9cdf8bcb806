import { describe, expect, it } from "vitest";
import { readReportFile, reportFileName, reportText } from "../../../../src/app/playground/report-file/report-io";
import { DEFAULT_SETTINGS } from "../../../../src/app/shared/settings-model/model";
import type { ScoringView } from "../../../../src/app/shared/store";
import { createDemoEmbedder, createDemoJudge, getBuiltInExample } from "../../../../src/demo";
import { evaluate, summarize, type MetricId } from "../../../../src/engine";
import { parseReport, serializeReport } from "../../../../src/storage/format/report";
import { summaryOnly } from "../../../../src/storage/format/report-summary-only";

/** The playground's report file: the shown run written out (contract 5) and read back in. */

const KEY = "sk-live-REPORTIO-5c4b3a2910";
const METRICS: MetricId[] = ["faithfulness", "context_precision"];
const example = getBuiltInExample("en-rocket-launch")!;

async function scoredRun(patch: Partial<ScoringView> = {}): Promise<ScoringView> {
  const out = await evaluate([example.sample], METRICS, { judge: createDemoJudge(), embedder: createDemoEmbedder(), concurrency: 2 });
  return {
    status: "done",
    sample: example.sample,
    metricIds: METRICS,
    results: out.results[0]!.metrics,
    demo: false,
    startedAt: Date.parse("2026-03-01T10:00:00Z"),
    finishedAt: Date.parse("2026-03-01T10:00:05Z"),
    model: "gpt-4o-mini",
    historyId: null,
    ...patch,
  };
}

// A proxy that takes the key in its path: the key must still not reach the file.
const settings = { ...DEFAULT_SETTINGS, baseURL: `https://proxy.example/${KEY}/v1`, concurrency: 3 };

describe("the playground's report file", () => {
  it("writes the shown run and reads back the same sample, metrics, scores and model; the key appears nowhere", async () => {
    const run = await scoredRun();
    const text = reportText(run, settings, KEY);
    expect(text).not.toContain(KEY);

    const parsed = parseReport(text, "r.json");
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.report.createdAt).toBe("2026-03-01T10:00:05.000Z");
    expect(parsed.report.config).toMatchObject({ model: "gpt-4o-mini", concurrency: 3, metrics: METRICS });
    expect(parsed.report.config.baseURL).toMatch(/^https:\/\/proxy\.example\//);
    // The call log keeps prompts and replies, so the file can show why.
    const calls = parsed.report.results[0]!.metrics.faithfulness!.trace.calls;
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => (c.messages?.length ?? 0) > 0 && typeof c.reply === "string")).toBe(true);

    const read = readReportFile(text, "r.json");
    if (!read.ok) throw new Error(read.message);
    expect(read.sample).toEqual(example.sample);
    expect(read.metricIds.sort()).toEqual([...METRICS].sort());
    expect(read.model).toBe("gpt-4o-mini");
    for (const id of METRICS) expect(read.results[id]!.score).toBe(run.results[id]!.score);
  });

  it("a demo run is recorded as the demo's recorded replies, not the Settings endpoint", async () => {
    const text = reportText(await scoredRun({ demo: true }), settings, "");
    const parsed = parseReport(text, "demo.json");
    expect(parsed.ok && parsed.report.config.baseURL).toBe("demo:recorded-replies");
  });

  it("a report with no samples is refused with its name", async () => {
    const doc = JSON.parse(reportText(await scoredRun(), settings, KEY));
    const empty = JSON.stringify({ ...doc, samples: [], results: [], summary: { ...summarize([], METRICS).metrics, ragasScore: null } });
    // A valid report (parseReport takes it): the refusal is the playground's own.
    expect(parseReport(empty, "empty.json").ok).toBe(true);
    expect(readReportFile(empty, "empty.json")).toEqual({ ok: false, message: "empty.json: the report has no samples" });
  });

  it("a summary-only copy (no traces) is a valid report the playground cannot show: refused with the path of the first problem", async () => {
    const parsed = parseReport(reportText(await scoredRun(), settings, KEY), "full.json");
    if (!parsed.ok) throw new Error(parsed.error.message);
    const text = serializeReport(summaryOnly(parsed.report));
    expect(parseReport(text, "summary.json").ok).toBe(true);
    const read = readReportFile(text, "summary.json");
    expect(read.ok === false && read.message).toMatch(/^summary\.json: results\.(faithfulness|context_precision)\.trace\.\w+: /);
  });

  it("names the file after the moment, in UTC, without characters a file system refuses", () => {
    expect(reportFileName(new Date("2026-03-01T10:20:30.456Z"))).toBe("ragas-report-2026-03-01-10-20-30.json");
  });
});
