import { expect } from "vitest";
import type { Report } from "../src/storage/format/report-schema";
import type { MockServer } from "./mock/server";

/**
 * Issue 22's checks of a run against the mock's xgrammar mode (every reply random text xgrammar's
 * grammar for the sent schema allows), shared by the browser test (test/e2e/xgrammar-judge.test.ts)
 * and the Node test of a dataset run (test/app/runs/xgrammar-run.test.ts).
 */

/** The paper's five, selected by default. */
export const PAPER = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"] as const;
/** Null codes a constrained judge may still cause: what the sample or the judge's content says, not the reply's shape. */
export const ALLOWED_CODES = /^(no_statements|no_entities)$/;
/** The trace fields that hold text the judge wrote (DESIGN.md contract 4). */
const JUDGE_TEXT_FIELDS = ["statements", "questions", "referenceStatements", "claims", "referenceClaims"];

export interface JudgeText {
  where: string;
  text: string;
}

/** Every judge request carried a schema and was answered under xgrammar's grammar for it. */
export function expectConstrained(mock: MockServer, atLeast: number): void {
  // The judge's requests; a run's connection check ("Reply with OK.", one token) asks for no JSON.
  const chat = mock.log.filter((r) => r.kind === "chat" && !JSON.stringify(r.body ?? "").includes("Reply with OK."));
  expect(chat.length).toBeGreaterThanOrEqual(atLeast);
  const odd = chat.filter((r) => r.responseFormat !== "json_schema" || r.schemaName === undefined || r.status !== 200);
  expect(odd.map((r) => `${r.schemaName} ${r.responseFormat} ${r.status}`)).toEqual([]);
}

/** Every result a score in [0, 1] or a coded null other than parse_error; no judge text of one character. */
export function expectResults(report: Report, label: string): { texts: JudgeText[]; codes: Record<string, number>; nulls: string[]; scored: number } {
  const texts: JudgeText[] = [];
  const codes: Record<string, number> = {};
  const nulls: string[] = [];
  let scored = 0;
  expect(report.results).toHaveLength(report.samples.length);
  for (const row of report.results) {
    expect(Object.keys(row.metrics).sort()).toEqual([...report.config.metrics].sort());
    for (const [id, result] of Object.entries(row.metrics)) {
      const where = `${label} ${row.sampleId} ${id}`;
      if (result.score === null) {
        const code = result.error?.code ?? "uncoded";
        expect(code, where).toMatch(ALLOWED_CODES);
        codes[code] = (codes[code] ?? 0) + 1;
        nulls.push(`${row.sampleId} ${id}: ${code}`);
      } else {
        expect(Number.isFinite(result.score) && result.score >= 0 && result.score <= 1, `${where}: ${result.score}`).toBe(true);
        scored++;
      }
      const trace = (result.trace ?? {}) as Record<string, unknown>;
      for (const key of JUDGE_TEXT_FIELDS) {
        const items = trace[key];
        if (!Array.isArray(items)) continue;
        for (const item of items as { text?: unknown }[]) if (typeof item.text === "string") texts.push({ where: `${where} ${key}`, text: item.text });
      }
    }
  }
  expect(texts.length, `${label}: the judge wrote statements and questions`).toBeGreaterThan(0);
  const oneChar = texts.filter((t) => [...t.text.trim()].length <= 1);
  expect(oneChar, JSON.stringify(oneChar.slice(0, 5))).toEqual([]);
  return { texts, codes, nulls, scored };
}

export const shortest = (texts: JudgeText[]) => Math.min(...texts.map((t) => [...t.text.trim()].length));
