import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownOrder } from "../../src/engine/agreement/baselines";
import { checkAgreementFile } from "../../src/storage/format/agreement-check";
import { parseAgreementFile } from "../../src/storage/format/agreement-file";
import { words } from "../mock/brains/agreement";
import { startMockServer, type MockServer } from "../mock/server";
import { fixturePath } from "../fixture-path";
import { FAKE_KEY, runCliProcess } from "./spawn-cli";

let mock: MockServer;
let dir: string;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-agreement-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const INPUT = fixturePath("wikieval", "WikiEval_samples_10.jsonl");
/** The ten rows as the data has them; the CLI strips the "Question: " / "Answer: " prefixes itself. */
const raw = readFileSync(INPUT, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as { answer: string; ungrounded_answer: string; poor_answer: string; context_v1: string[]; context_v2: string[] });
const strip = (s: string) => s.replace(/^\s*Answer:\s*/i, "");

/** What each baseline should prefer, from the mock brain's rules (test/mock/brains/agreement.ts) and the raw data alone. */
function candidates(task: string, i: number): [string, string] {
  const r = raw[i]!;
  if (task === "faithfulness") return [strip(r.answer), strip(r.ungrounded_answer)];
  if (task === "answer_relevancy") return [strip(r.answer), strip(r.poor_answer)];
  return [r.context_v1.join("\n\n"), r.context_v2.join("\n\n")];
}
const side = (x: number, y: number) => (x === y ? "tie" : x > y ? "a" : "b");
const expected: Record<string, (task: string, i: number, id: string) => string> = {
  gpt_score: (t, i) => side(...(candidates(t, i).map((c) => Math.min(10, Math.floor(words(c) / 10))) as [number, number])),
  gpt_score_5: (t, i) => side(...(candidates(t, i).map((c) => 1 + Math.min(4, Math.floor(words(c) / 20))) as [number, number])),
  // Shorter wins; on equal length the candidate shown first (recorded order) wins.
  gpt_ranking: (t, i, id) => {
    const [a, b] = candidates(t, i).map(words) as [number, number];
    return a === b ? shownOrder("wikieval", t as never, id)[0] : a < b ? "a" : "b";
  },
};

describe("cli agreement (spawned, against the mock server)", { timeout: 120_000 }, () => {
  it("writes the contract-10 file for the ten WikiEval rows; every figure follows from its scores and traces", async () => {
    const out = join(dir, "agreement.json");
    mock.resetLog();
    const run = await runCliProcess(
      [
        "agreement",
        "--input",
        INPUT,
        "--base-url",
        mock.url,
        "--model",
        "mock-judge",
        "--embedding-model",
        "mock-embedding",
        "--concurrency",
        "6",
        "--methods",
        "ragas,gpt_score,gpt_ranking,gpt_score_5",
        "--out",
        out,
      ],
      { env: { OPENAI_API_KEY: FAKE_KEY } },
    );
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(out, "utf8");
    expect(text).not.toContain(FAKE_KEY);
    expect(run.stderr).not.toContain(FAKE_KEY);
    const file = parseAgreementFile(JSON.parse(text), out);
    expect(Object.keys(file)).toEqual(["format", "version", "createdAt", "generator", "config", "samples", "rows", "paper", "usage"]);
    expect(file.paper).toMatchObject({
      ragas: { faithfulness: 0.95, answer_relevancy: 0.78, context_relevance: 0.7 },
      gpt_score: { faithfulness: 0.72, answer_relevancy: 0.52, context_relevance: 0.63 },
      gpt_ranking: { faithfulness: 0.54, answer_relevancy: 0.4, context_relevance: 0.52 },
    });
    // One sample per candidate: answer (on context_v1), ungrounded_answer, poor_answer, answer on context_v2.
    expect(file.samples).toHaveLength(40);
    expect(file.samples[0]).toMatchObject({ id: "1:answer", question: expect.stringMatching(/^When is the scheduled launch/) });
    expect(file.rows.map((r) => `${r.method}/${r.task}`)).toEqual([
      "ragas/faithfulness",
      "ragas/answer_relevancy",
      "ragas/context_relevance",
      "gpt_score/faithfulness",
      "gpt_score/answer_relevancy",
      "gpt_score/context_relevance",
      "gpt_ranking/faithfulness",
      "gpt_ranking/answer_relevancy",
      "gpt_ranking/context_relevance",
      "gpt_score_5/answer_relevancy",
    ]);
    for (const row of file.rows) expect(row.n).toBe(10);
    // The exact prompt texts of the run: the metrics' and the baselines'.
    expect(file.config.prompts.map((p) => p.id)).toEqual(
      expect.arrayContaining([
        "faithfulness.statements",
        "agreement.gpt_score.faithfulness",
        "agreement.gpt_ranking.context_relevance",
        "agreement.gpt_score_5.answer_relevancy",
      ]),
    );
    expect(file.config.interval).toBe("wilson-95");

    // Contract 10: scores recompute from traces, predictions from scores, tallies and intervals from pairs.
    expect(checkAgreementFile(file)).toEqual([]);

    // The baselines prefer exactly the sides the scripted judge was told to prefer.
    for (const row of file.rows.filter((r) => r.method !== "ragas")) {
      row.pairs.forEach((p, i) => {
        expect(p.predicted, `${row.method}/${row.task} pair ${p.id}`).toBe(expected[row.method]!(row.task, i, p.id));
      });
    }
    // The ranking's shown order is recorded and follows the seeded rule; both orders occur.
    const orders = file.rows.filter((r) => r.method === "gpt_ranking").flatMap((r) => r.pairs.map((p) => (p.resultA!.trace.order as string[]).join("")));
    expect(new Set(orders)).toEqual(new Set(["ab", "ba"]));

    // Every request the server saw is in some trace (plus the one preflight request).
    const calls = file.rows.flatMap((r) => r.pairs.flatMap((p) => [p.resultA, p.resultB].flatMap((x) => (x ? x.trace.calls : []))));
    // Each judgement sits in exactly one pair, so no call is counted twice.
    const served = mock.log.filter((r) => r.kind === "chat" || r.kind === "embedding");
    expect(served.length).toBe(calls.length + 1);
    // The usage block bills what the server answered, the connection check included, per model.
    const sum = (rs: typeof served, key: "promptTokens" | "completionTokens") => rs.reduce((n, r) => n + r[key], 0);
    expect(file.usage).toMatchObject({
      requests: served.length,
      chatRequests: served.filter((r) => r.kind === "chat").length,
      embeddingRequests: served.filter((r) => r.kind === "embedding").length,
      promptTokens: sum(served, "promptTokens"),
      completionTokens: sum(served, "completionTokens"),
    });
    const judged = served.filter((r) => r.model === "mock-judge");
    expect(file.usage?.byModel?.["mock-judge"]).toEqual({
      requests: judged.length,
      promptTokens: sum(judged, "promptTokens"),
      completionTokens: sum(judged, "completionTokens"),
    });
    expect(file.usage?.wallMs).toBeGreaterThan(0);
    expect(run.stderr).toContain(`requests: ${served.length} (`);
    // The mock's models have no list price: named, never a silent $0.
    expect(run.stderr).toContain("estimated cost: unknown: no price for mock-judge, mock-embedding");
    expect(run.stderr).toMatch(/Ragas\s+\d\.\d\d \[\d\.\d\d-\d\.\d\d\].*\(paper 0\.95\)/);
    expect(run.stderr).toContain("95% Wilson score interval");
  });

  it("prices the run's tokens with --price and prints the cost line as score does", async () => {
    const out = join(dir, "priced.json");
    const run = await runCliProcess(
      [
        ...["agreement", "--input", INPUT, "--base-url", mock.url, "--model", "mock-judge"],
        ...["--methods", "gpt_score", "--tasks", "answer_relevancy", "--price", "mock-judge=1.5/4", "--out", out],
      ],
      { env: { OPENAI_API_KEY: FAKE_KEY } },
    );
    expect(run.code, run.stderr).toBe(0);
    const usage = parseAgreementFile(JSON.parse(readFileSync(out, "utf8")), out).usage!;
    // 10 rows x 2 candidates rated, and the connection check.
    expect(usage.requests).toBe(21);
    const judge = usage.byModel!["mock-judge"]!;
    const usd = (judge.promptTokens * 1.5 + judge.completionTokens * 4) / 1_000_000;
    expect(usd).toBeGreaterThan(0);
    expect(run.stderr).toContain(
      `tokens: ${usage.promptTokens.toLocaleString("en-US")} prompt, ${usage.completionTokens.toLocaleString("en-US")} completion\n`,
    );
    expect(run.stderr).toContain(`estimated cost: $${usd.toFixed(4)} (list prices; --price MODEL=IN/OUT to correct)\n`);
  });

  it("refuses a bad command line with one line and exit 2", async () => {
    const run = await runCliProcess(
      ["agreement", "--input", INPUT, "--base-url", mock.url, "--model", "m", "--methods", "ragas,nope", "--out", join(dir, "x.json")],
      {
        env: { OPENAI_API_KEY: FAKE_KEY },
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: --methods: unknown method "nope" (allowed: ragas, gpt_score, gpt_ranking, gpt_score_5)\n');
  });
});
