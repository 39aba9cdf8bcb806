import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parquetReadObjects } from "hyparquet";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { parseListCell } from "../../../src/storage/format/list-cell";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { parseReport } from "../../../src/storage/format/report-parse";
import type { Report } from "../../../src/storage/format/report-schema";
import { resultsToCsv } from "../../../src/storage/format/results-csv";
import { resultsToJsonl } from "../../../src/storage/format/results-jsonl";
import { resultsToParquet } from "../../../src/storage/format/results-parquet";
import { resultsTable } from "../../../src/storage/format/results-rows";
import { readTable } from "../../../src/storage/format/table";
import { runConversations } from "../../fixtures/exports/make-conversation-exports";
import { fiftySamples, runFifty } from "../../fixtures/exports/make-exports";
import { fakeReport } from "./report-fixture";

/**
 * The result exports of a 50-row run (CSV, parquet, JSONL), read back with the rules pandas
 * applies. What pandas itself reads from these very files is in expected-pandas.json, made by
 * check-pandas.py (pandas + pyarrow) from the committed files; the first test proves the files
 * written today are byte for byte those files, so pandas' reading still holds.
 */
const DIR = fileURLToPath(new URL("../../fixtures/exports/", import.meta.url));
const committed = (name: string) => new Uint8Array(readFileSync(`${DIR}${name}`));
const pandas = JSON.parse(readFileSync(`${DIR}expected-pandas.json`, "utf8")) as {
  csv: PandasView;
  parquet: PandasView;
  jsonl: PandasView;
  csv_literal_eval_contexts: string[][];
};
interface PandasView {
  columns: string[];
  rows: number;
  dtypes: Record<string, string>;
  user_input: string[];
  retrieved_contexts: string[][];
  reference: (string | null)[];
  scores: Record<string, (number | null)[]>;
  errors: Record<string, (string | null)[]>;
}
const METRICS = ["bleu", "exact_match", "rouge_l"];

let report: Report;
beforeAll(async () => {
  const parsed = parseReport(await runFifty(), "report.json");
  if (!parsed.ok) throw parsed.error;
  report = parsed.report;
}, 60_000);

describe("result exports of a 50-row run", () => {
  it("are byte for byte the files pandas was checked against", () => {
    expect(report.samples).toHaveLength(50);
    const utf8 = (s: string) => new TextEncoder().encode(s);
    expect(utf8(resultsToCsv(report))).toEqual(committed("results50.csv"));
    expect(utf8(resultsToCsv(report, { bom: false }))).toEqual(committed("results50-nobom.csv"));
    expect(utf8(resultsToJsonl(report))).toEqual(committed("results50.jsonl"));
    expect(resultsToParquet(report)).toEqual(committed("results50.parquet"));
  });

  it("CSV: a BOM, the ragas columns, lists read back as pandas + json.loads / ast.literal_eval do, Chinese intact", () => {
    const bytes = committed("results50.csv");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(committed("results50-nobom.csv")[0]).toBe("i".charCodeAt(0));
    // A spreadsheet-like reader: papaparse over the decoded text, header row first.
    const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
    const { data, errors } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(errors).toEqual([]);
    expect(Object.keys(data[0]!)).toEqual(pandas.csv.columns);
    expect(pandas.csv.columns.slice(0, 5)).toEqual(["id", "user_input", "retrieved_contexts", "response", "reference"]);
    expect(data).toHaveLength(50);
    const lists = data.map((row) => {
      const cell = parseListCell(row.retrieved_contexts);
      if (!cell.ok) throw new Error(cell.message);
      return cell.items;
    });
    expect(lists).toEqual(pandas.csv.retrieved_contexts);
    expect(lists).toEqual(pandas.csv_literal_eval_contexts);
    expect(lists).toEqual(fiftySamples().map((s) => s.retrieved_contexts));
    expect(data[1]!.user_input).toBe("长江有多长？（第1题）");
    expect(lists[1]![1]).toBe("它流经十一个省级行政区，\n最终注入东海。");
    // A formula-looking question is defused for spreadsheets (and pandas sees the same apostrophe and word joiner).
    expect(data[7]!.user_input).toBe(`'\u2060=HYPERLINK("http://x","7")`);
    expect(pandas.csv.user_input[7]).toBe(data[7]!.user_input);
    for (const m of METRICS) {
      expect(data.map((row) => (row[m] === "" ? null : Number(row[m])))).toEqual(pandas.csv.scores[m]);
      expect(data.map((row) => row[`${m}_error`] || null)).toEqual(pandas.csv.errors[m]);
    }
  });

  it("parquet: hyparquet gives the list column and the scores back as pandas + pyarrow do", async () => {
    const rows = (await parquetReadObjects({ file: committed("results50.parquet").buffer as ArrayBuffer })) as Record<string, unknown>[];
    expect(rows).toHaveLength(50);
    expect(Object.keys(rows[0]!)).toEqual(pandas.parquet.columns);
    expect(pandas.parquet.dtypes).toMatchObject({ retrieved_contexts: "object", bleu: "float64", user_input: "str" });
    expect(rows.map((r) => r.retrieved_contexts)).toEqual(pandas.parquet.retrieved_contexts);
    expect(rows.map((r) => r.user_input)).toEqual(pandas.parquet.user_input);
    expect(rows[7]!.user_input).toBe(`=HYPERLINK("http://x","7")`);
    expect(rows.map((r) => r.reference)).toEqual(pandas.parquet.reference);
    for (const m of METRICS) {
      expect(rows.map((r) => r[m])).toEqual(pandas.parquet.scores[m]);
      expect(rows.map((r) => r[`${m}_error`])).toEqual(pandas.parquet.errors[m]);
    }
  });

  it("JSONL: one object per line with lists and numbers, as pd.read_json(lines=True) reads it", () => {
    const rows = new TextDecoder()
      .decode(committed("results50.jsonl"))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => r.retrieved_contexts)).toEqual(pandas.jsonl.retrieved_contexts);
    for (const m of METRICS) expect(rows.map((r) => r[m])).toEqual(pandas.jsonl.scores[m]);
    // Six samples without a reference: every metric a coded null there, never a 0.
    expect(pandas.jsonl.errors.bleu!.filter((e) => e === "missing_input")).toHaveLength(pandas.jsonl.reference.filter((r) => r === null).length);
    expect(pandas.jsonl.reference.filter((r) => r === null).length).toBeGreaterThan(0);
  });

  it("each file imports back into the app as the same samples (our importer reads our exports)", async () => {
    const original = fiftySamples();
    for (const name of ["results50.csv", "results50.parquet", "results50.jsonl"]) {
      const table = await readTable({ name, bytes: committed(name) });
      const parsed = tableToSamples(table, guessMapping(table.columns));
      expect(parsed.errors, name).toEqual([]);
      expect(
        parsed.samples.map((s) => s.contexts),
        name,
      ).toEqual(original.map((s) => s.retrieved_contexts));
      expect(
        parsed.samples.map((s) => s.answer),
        name,
      ).toEqual(original.map((s) => s.response));
    }
  });
});

describe("result columns follow the report's metrics, not a fixed list", () => {
  it("a custom judge and a metric found only in results get score, error and reason columns", () => {
    const r = fakeReport();
    r.config.metrics = [...r.config.metrics, "custom:tone"];
    r.results[0]!.metrics["custom:tone"] = { score: 0.75, reason: "polite", trace: { calls: [] } } as never;
    r.results[1]!.metrics.answer_correctness = { score: null, error: { code: "llm_error", message: "503" }, trace: { calls: [] } } as never;
    const t = resultsTable(r);
    expect(t.columns.slice(-6)).toEqual([
      "custom:tone",
      "custom:tone_error",
      "custom:tone_reason",
      "answer_correctness",
      "answer_correctness_error",
      "answer_correctness_reason",
    ]);
    expect(t.rows.map((row) => row["custom:tone"])).toEqual([0.75, null]);
    expect(t.rows[1]!.answer_correctness_error).toBe("llm_error");
    expect(t.kinds["custom:tone"]).toBe("number");
  });
});

/**
 * Issue 32: a conversation run's CSV and parquet keep the turns and the reference tool calls as JSON
 * cells. What pandas decoded from the committed files (check-pandas-conversation.py, json.loads) is
 * in expected-pandas-conversation.json; the files written today are those files, pandas' reading
 * is the report's own turns and calls, and our importer reads the files back to the same samples.
 */
describe("result exports of a conversation run", () => {
  let conv: Report;
  const turnsByPandas = JSON.parse(readFileSync(`${DIR}expected-pandas-conversation.json`, "utf8")) as Record<
    "csv" | "parquet",
    { columns: string[]; ids: string[]; messages: unknown[]; reference_tool_calls: unknown[]; scores: Record<string, (number | null)[]> }
  >;
  beforeAll(async () => {
    const parsed = parseReport(await runConversations(), "report.json");
    if (!parsed.ok) throw parsed.error;
    conv = parsed.report;
  }, 60_000);

  it("are the files pandas read; pandas' json.loads gives the report's turns and calls; our importer reads them back", async () => {
    expect(new TextEncoder().encode(resultsToCsv(conv))).toEqual(committed("results-conversation.csv"));
    expect(resultsToParquet(conv)).toEqual(committed("results-conversation.parquet"));
    for (const kind of ["csv", "parquet"] as const) {
      const seen = turnsByPandas[kind];
      expect(seen.columns.slice(5, 7), kind).toEqual(["messages", "reference_tool_calls"]);
      expect(seen.ids, kind).toEqual(["agent-1", "agent-2"]);
      expect(seen.messages, kind).toEqual(conv.samples.map((s) => s.messages));
      expect(seen.reference_tool_calls, kind).toEqual(conv.samples.map((s) => s.referenceToolCalls));
      expect(seen.scores, kind).toEqual({ tool_call_accuracy: [0.5, 1], tool_call_f1: [0.5, 1] });
    }
    // The extra call is in the turns as made, the missing one in the reference calls.
    expect(turnsByPandas.csv.messages[0]).toContainEqual(
      expect.objectContaining({ toolCalls: expect.arrayContaining([{ name: "search_web", args: { query: "Paris weather" } }]) }),
    );
    for (const name of ["results-conversation.csv", "results-conversation.parquet"]) {
      const table = await readTable({ name, bytes: committed(name) });
      const parsed = tableToSamples(table, guessMapping(table.columns));
      expect(parsed.errors, name).toEqual([]);
      expect(
        parsed.samples.map((s) => [s.id, s.messages, s.referenceToolCalls]),
        name,
      ).toEqual(conv.samples.map((s) => [s.id, s.messages, s.referenceToolCalls]));
    }
  });
});
