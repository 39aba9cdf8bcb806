import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { estimateRun, runInBrowser, type RunChoice } from "../../../src/app/agreement/agreement-run";
import { appDb } from "../../../src/app/shared/persist/db";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { estimateAgreement, runAgreement, type AgreementRow } from "../../../src/engine/agreement";
import { statementsPrompt } from "../../../src/engine/metrics/shared/statement-prompts";
import { formatUsd } from "../../../src/app/shared/results/format";
import { createEmbedder, createJudge } from "../../../src/llm";
import { listAgreementRuns } from "../../../src/storage/db/agreement-runs";
import { savePromptVersion } from "../../../src/storage/db/prompt-versions";
import { answered } from "../../mock/request-log";
import { startMockServer, type MockServer } from "../../mock/server";
import { API_KEY, configFor } from "../../llm/helpers";

/** The agreement view's run, driven through runInBrowser against the mock judge over real HTTP. */

const rows: AgreementRow[] = [
  {
    id: "r1",
    question: "Where is the Eiffel Tower?",
    answer: "The Eiffel Tower is in Paris, on the Champ de Mars.",
    ungrounded_answer: "It is in Rome.",
    poor_answer: "A tower.",
    context_v1: ["The Eiffel Tower is in Paris, on the Champ de Mars."],
    context_v2: ["The Eiffel Tower is in Paris. Rome has many churches and old bridges over its river."],
  },
  {
    id: "r2",
    question: "Who wrote Hamlet?",
    answer: "William Shakespeare wrote Hamlet.",
    ungrounded_answer: "Christopher Marlowe wrote Hamlet in Paris.",
    poor_answer: "A writer.",
    context_v1: ["Hamlet is a tragedy by William Shakespeare."],
    context_v2: ["Hamlet is a tragedy by William Shakespeare. London had theatres."],
  },
];
const choice: RunChoice = {
  tasks: ["faithfulness", "answer_relevancy", "context_relevance"],
  methods: ["ragas", "gpt_score", "gpt_ranking"],
  label: "  v2 prompts ",
  source: "rows.jsonl",
};
const MARKER = "ACTIVE-VERSION-91c";
const markedInstruction = `${statementsPrompt.instruction}\n${MARKER}`;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ apiKey: API_KEY });
  // The prompt studio's active version of the statements prompt: the run must score with it.
  const db = (await appDb())!;
  await savePromptVersion(db, { promptId: "faithfulness.statements", name: "marked", override: { instruction: markedInstruction } }, { activate: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.resetLog();
  useApp.setState({
    apiKey: API_KEY,
    bypassCache: true,
    settings: {
      ...DEFAULT_SETTINGS,
      provider: "openai",
      baseURL: server.url,
      model: "mock-judge",
      embeddingModel: "mock-embedding",
      concurrency: 3,
      maxRetries: 0,
      prices: [],
    },
  });
});

describe("an agreement run in the browser", () => {
  it("sends the requests the estimate announced, with the active prompt versions, and stores the file it returns (no key in it)", async () => {
    const estimate = estimateRun(rows, choice);
    const progress: [number, number][] = [];
    const stored = await runInBrowser(rows, choice, { signal: new AbortController().signal, onProgress: (p) => progress.push([p.done, p.total]) });

    // The connection check before the run ("Reply with OK.") is billed with it but asks about no row.
    const all = answered(server.log);
    const requests = all.filter((r) => !JSON.stringify(r.body ?? "").includes("Reply with OK."));
    expect(all.length - requests.length, "one connection check").toBe(1);
    expect(requests).toHaveLength(estimate.requests);
    expect(requests.filter((r) => r.kind === "embedding")).toHaveLength(estimate.embeddings);
    const statements = requests.filter((r) => r.schemaName === "faithfulness_statements");
    expect(statements.length).toBeGreaterThan(0);
    for (const r of statements) expect((r.body as { messages: { content: string }[] }).messages[0]!.content).toContain(MARKER);
    expect(server.peakInFlight).toBeGreaterThan(0);
    expect(server.peakInFlight).toBeLessThanOrEqual(3);
    expect(progress.at(-1)![0]).toBe(progress.at(-1)![1]);

    const { file } = stored;
    expect(file.config).toMatchObject({
      model: "mock-judge",
      embeddingModel: "mock-embedding",
      concurrency: 3,
      tasks: choice.tasks,
      methods: choice.methods,
      label: "v2 prompts",
      source: "rows.jsonl",
      seed: "wikieval",
    });
    expect(file.config.prompts.find((p) => p.id === "faithfulness.statements")?.versionName).toBe("marked");
    expect(JSON.stringify(file)).not.toContain(API_KEY);
    const listed = await listAgreementRuns((await appDb())!);
    expect(listed.runs.map((r) => r.id)).toContain(stored.id);

    // The same tallies as the engine's run over the same endpoint, prompts and seed.
    const direct = await runAgreement(rows, {
      judge: createJudge(configFor(server, { maxRetries: 0 })),
      embedder: createEmbedder(configFor(server, { maxRetries: 0 })),
      concurrency: 3,
      tasks: choice.tasks,
      methods: choice.methods,
      seed: "wikieval",
      prompts: { "faithfulness.statements": { instruction: markedInstruction } },
    });
    const tally = (r: { method: string; task: string; n: number; correct: number; ties: number }) => [r.method, r.task, r.n, r.correct, r.ties];
    expect(file.rows.map(tally)).toEqual(direct.rows.map(tally));
  });

  it("prices the estimate from Settings' price table, and says nothing of cost for a model with no price", () => {
    expect(estimateRun(rows, choice).cost).toBeUndefined();
    useApp.getState().updateSettings({ prices: [{ model: "mock-judge", input: 1_000_000, output: 0 }] });
    const estimate = estimateRun(rows, choice);
    // 1 USD per prompt token, completions free: the cost is the prompt-token estimate (~4 characters a token).
    const promptTokens = Math.ceil(estimateAgreement(rows, choice.tasks, choice.methods).promptChars / 4);
    expect(estimate.cost).toBe(formatUsd(promptTokens));
    expect(estimate.perRow).toBe(Math.round(estimate.requests / rows.length));
  });

  it("without a key for a hosted provider it stops before the first request", async () => {
    useApp.setState({ apiKey: "" });
    await expect(runInBrowser(rows, choice, { signal: new AbortController().signal, onProgress: () => undefined })).rejects.toThrow("needKey");
    expect(server.log).toHaveLength(0);
  });
});
