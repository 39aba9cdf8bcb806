import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyMetricId, customJudgeSchema, evaluate, JUDGE_METRIC_IDS } from "../../../src/engine";
import { createEmbedder, createJudge } from "../../../src/llm";
import { buildReport, promptsUsed, serializeReport } from "../../../src/storage/format/report-build";
import { parseReport } from "../../../src/storage/format/report-parse";
import { startMockServer, type MockServer } from "../../mock/server";

/**
 * The report checker knows every metric of issue 16: a report with all of them (and a custom
 * judge) opens, and a hand-edited score, verdict or ragged flag list is named by its path.
 */
const judge = customJudgeSchema.parse({ slug: "politeness", name: "Politeness", definition: "Courteous.", inputs: ["answer"], scale: "binary", strictness: 3 });
const metrics: AnyMetricId[] = [...JUDGE_METRIC_IDS, "custom:politeness"];
const samples = [
  {
    id: "s1",
    question: "Who directed Oppenheimer?",
    answer: "Christopher Nolan directed Oppenheimer. Cillian Murphy stars in it.",
    contexts: ["Oppenheimer is a 2023 film written and directed by Christopher Nolan.", "Cillian Murphy stars as J. Robert Oppenheimer."],
    reference: "Christopher Nolan directed Oppenheimer.",
  },
  { id: "s2", question: "地球自转一周需要多长时间？", answer: "大约24小时。", contexts: ["地球自转一周约需23小时56分钟。"], reference: "约23小时56分钟。" },
];

let mock: MockServer;
let text: string;
beforeAll(async () => {
  mock = await startMockServer({});
  const config = { baseURL: mock.url, apiKey: "test", model: "m", embeddingModel: "e" };
  const metricOptions = {
    factual_correctness: { mode: "recall" },
    noise_sensitivity: { mode: "irrelevant" },
    answer_correctness: { weights: [0.5, 0.5] as [number, number] },
  };
  const output = await evaluate(samples, metrics, {
    judge: createJudge(config),
    embedder: createEmbedder(config),
    concurrency: 4,
    customJudges: [judge],
    metricOptions,
  });
  const report = buildReport({
    samples,
    output,
    config: { baseURL: mock.url, model: "m", concurrency: 4, metrics, metricOptions, customJudges: [judge], prompts: promptsUsed(metrics, {}, [judge]) },
    generator: { name: "test", version: "0" },
  });
  text = serializeReport(report);
});
afterAll(() => mock.close());

/** A report read back as plain JSON, to hand-edit like a user would. */
// biome-ignore lint/suspicious/noExplicitAny: a test edits an arbitrary JSON tree
type Json = any;

const edit = (f: (doc: Json) => void) => {
  const doc = JSON.parse(text);
  f(doc);
  return parseReport(JSON.stringify(doc), "r.json");
};

describe("reports with issue 16's metrics", () => {
  it("open, with options and judge definitions kept in config, each shared prompt once", () => {
    const parsed = parseReport(text, "r.json");
    expect(parsed.ok, parsed.ok ? "" : parsed.error.message).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.report.config.metricOptions).toEqual({
      factual_correctness: { mode: "recall" },
      noise_sensitivity: { mode: "irrelevant" },
      answer_correctness: { weights: [0.5, 0.5] },
    });
    expect(parsed.report.config.customJudges).toEqual([judge]);
    const ids = parsed.report.config.prompts.map((p) => p.id);
    expect(ids).toEqual([
      "faithfulness.statements",
      "faithfulness.verdicts",
      "factual_correctness.claims",
      "context_entity_recall.entities",
      "context_utilization.verdicts",
      "custom:politeness",
    ]);
    for (const id of metrics) expect(Object.keys(parsed.report.summary)).toContain(id);
  });

  it.each([
    ["answer_correctness", (m: Json) => (m.score = Math.abs(m.score - 0.2))],
    ["factual_correctness", (m: Json) => (m.trace.referenceClaims[0].verdict = 1 - m.trace.referenceClaims[0].verdict)],
    ["context_entity_recall", (m: Json) => m.trace.referenceEntities.push("Atlantis")],
    ["context_utilization", (m: Json) => (m.trace.contexts[0].verdict = 1 - m.trace.contexts[0].verdict)],
    ["semantic_similarity", (m: Json) => (m.trace.similarity = m.trace.similarity / 2)],
    ["custom:politeness", (m: Json) => (m.trace.votes = m.trace.votes.map((v: Json) => ({ ...v, value: 0 })))],
  ])("a %s score that does not follow from its trace is named", (id, change) => {
    const parsed = edit((doc) => change(doc.results[0].metrics[id]));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toMatch(new RegExp(`^r\\.json: results\\[0\\]\\.metrics(\\.${id}|\\["${id}"\\])\\.score: the score`));
  });

  it("a ragged noise-sensitivity flag list and an out-of-scale vote are refused by path", () => {
    const ragged = edit((doc) => doc.results[0].metrics.noise_sensitivity.trace.contexts[0].supportsAnswer.push(1));
    expect(ragged.ok).toBe(false);
    if (!ragged.ok) expect(ragged.error.message).toContain("supportsAnswer: needs");
    const vote = edit((doc) => (doc.results[0].metrics["custom:politeness"].trace.votes[0].value = 4));
    expect(vote.ok).toBe(false);
    if (!vote.ok) expect(vote.error.message).toContain("a binary vote is one of 0, 1");
  });
});
