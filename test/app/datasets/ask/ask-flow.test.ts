import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelAsk, pauseAsk, refreshAsk, resumeAsk, startAsk } from "../../../../src/app/datasets/ask/ask-actions";
import { useAsk } from "../../../../src/app/datasets/ask/ask-state";
import { newHeader } from "../../../../src/app/datasets/ask/target-draft";
import { editTarget, saveTargetNow } from "../../../../src/app/datasets/ask/target-store";
import { selectDataset } from "../../../../src/app/datasets/actions";
import { datasetToCsv, datasetToJsonl } from "../../../../src/app/datasets/export";
import { useDatasets } from "../../../../src/app/datasets/store";
import { takeScoreRequest, requestScore, useDatasetAnswers } from "../../../../src/app/shared/handoffs/dataset-answers";
import { appDb } from "../../../../src/app/shared/persist/db";
import { loadAskJob } from "../../../../src/storage/db/ask-jobs";
import { createDataset, loadDatasetRows } from "../../../../src/storage/db/datasets";
import { expectedAnswer, expectedToolCalls, type RagServer, startRagServer } from "../../../target/rag-server";

/**
 * Issue 29 in Node, through the app's own actions, over real HTTP to the stand-in RAG server: every
 * row answered exactly as the server answered it, or kept unanswered with the coded reason (the
 * status, the path that matched nothing); Pause keeps the job, Resume asks nothing answered; the
 * secret header's value reaches no IndexedDB store unless remembered, and then only `secrets`.
 */

const TOKEN = "rag-token-91f0a7c3";
const questions = [
  "Where is the Eiffel Tower?",
  "埃菲尔铁塔有多高？",
  "[429x1] Who built it?",
  "[500x1] When was it built?",
  "[500] What is it made of?",
  "[nopath] How many visitors?",
  "[html] Who owns it?",
  "[echo] Who signs the permits?",
  "Is it the tallest?",
];

let server: RagServer;
beforeAll(async () => {
  server = await startRagServer({ token: TOKEN, latencyMs: 20 });
});
afterAll(() => server.close());

async function dumpAll(): Promise<string> {
  const db = (await appDb())!;
  const out: unknown[] = [];
  for (const store of [...db.objectStoreNames]) out.push(await db.getAll(store));
  return JSON.stringify(out);
}

async function seeded(name: string) {
  const db = (await appDb())!;
  const dataset = await createDataset(db, {
    name,
    source: { file: `${name}.csv`, kind: "csv" },
    samples: [
      ...questions.map((question, i) => ({ id: `q${i}`, question, answer: "", contexts: [] })),
      { id: "kept", question: "Already answered", answer: "Imported answer.", contexts: ["imported context"] },
    ],
  });
  await selectDataset(dataset.id);
  return { db, dataset };
}

describe("Ask your system, through the app's actions", () => {
  it("fills every row without an answer as the server answered it, codes the failures, and stores no secret", async () => {
    const { db, dataset } = await seeded("faults");
    editTarget({ url: `${server.url}/invoke`, headers: [newHeader("Authorization", `Bearer ${TOKEN}`)], rememberSecrets: false });
    await startAsk(dataset.id, "missing", { concurrency: 3, timeoutSeconds: 5, retries: 2 });

    const state = useAsk.getState();
    expect([state.phase, state.total, state.answered, state.failed]).toEqual(["done", 9, 5, 4]);
    const { rows } = await loadDatasetRows(db, dataset.id);
    const byQuestion = new Map(rows.map((r) => [r.sample.question, r]));
    for (const question of ["Where is the Eiffel Tower?", "埃菲尔铁塔有多高？", "[429x1] Who built it?", "[500x1] When was it built?", "Is it the tallest?"]) {
      const row = byQuestion.get(question)!;
      const expected = expectedAnswer(question);
      expect(row.sample).toMatchObject({ answer: expected.answer, contexts: expected.contexts });
      expect(row.asked).toMatchObject({ status: 200 });
      expect(row.asked?.error).toBeUndefined();
    }
    expect(byQuestion.get("[500] What is it made of?")?.asked).toMatchObject({ status: 500, error: expect.stringMatching(/^HTTP 500.*\(after 3 attempts\)$/) });
    expect(byQuestion.get("[nopath] How many visitors?")?.asked?.error).toMatch(/\$\.output\.answer/);
    expect(byQuestion.get("[html] Who owns it?")?.asked?.error).toMatch(/not JSON/);
    // The server echoed the secret header into its error reply: the stored reason has it scrubbed.
    expect(byQuestion.get("[echo] Who signs the permits?")?.asked).toMatchObject({ status: 400, error: expect.stringMatching(/^HTTP 400.*\[redacted\]/) });
    for (const failed of ["[500] What is it made of?", "[nopath] How many visitors?", "[html] Who owns it?", "[echo] Who signs the permits?"])
      expect(byQuestion.get(failed)?.sample.answer).toBe("");
    // The imported answer was not asked about, and the dataset's open table shows the new answers.
    expect(server.log.some((r) => r.question === "Already answered")).toBe(false);
    expect(byQuestion.get("Already answered")?.sample.answer).toBe("Imported answer.");
    expect(useDatasets.getState().rows.find((r) => r.sample.question === "Is it the tallest?")?.sample.answer).toBe(
      expectedAnswer("Is it the tallest?").answer,
    );
    // Latency per row, in the state and on each row.
    expect(state.latencies).toHaveLength(5);
    expect(state.latencies.every((ms) => ms >= 20)).toBe(true);
    expect(state.recent.find((l) => l.question === "[500] What is it made of?")).toMatchObject({ status: 500, error: expect.stringMatching(/^HTTP 500/) });
    // Every request carried the secret; no store holds it, nor does the panel's state.
    expect(server.log.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    await saveTargetNow();
    expect(await dumpAll()).not.toContain(TOKEN);
    expect(JSON.stringify(useAsk.getState())).not.toContain(TOKEN);
    // The dataset's exports (what a colleague gets) carry the answers, never the header.
    const samples = (await loadDatasetRows(db, dataset.id)).rows.map((r) => r.sample);
    expect(datasetToJsonl(samples)).toContain(JSON.stringify(expectedAnswer("Is it the tallest?").answer));
    expect(`${datasetToJsonl(samples)}${datasetToCsv(samples)}`).not.toContain(TOKEN);
    expect(await loadAskJob(db, dataset.id)).toEqual({ job: undefined, issues: [] });

    // Remembered on request, in the secrets store only.
    editTarget({ rememberSecrets: true });
    await saveTargetNow();
    expect(JSON.stringify(await db.getAll("secrets"))).toContain(TOKEN);
    expect(JSON.stringify(await db.getAll("settings"))).not.toContain(TOKEN);
    editTarget({ rememberSecrets: false });
    await saveTargetNow();
    expect(await dumpAll()).not.toContain(TOKEN);
  });

  it("Pause keeps the job; a fresh look calls it paused; Resume asks nothing it answered; Score hands off once", async () => {
    const { db, dataset } = await seeded("pause");
    server.configure({ latencyMs: 60 });
    const mark = server.log.length;
    const unsubscribe = useAsk.subscribe((s) => {
      if (s.answered >= 2) pauseAsk();
    });
    await startAsk(dataset.id, "all", { concurrency: 1, timeoutSeconds: 5, retries: 2 });
    unsubscribe();
    expect(useAsk.getState().phase).toBe("paused");
    expect((await loadAskJob(db, dataset.id)).job).toMatchObject({ mode: "all", status: "paused", url: `${server.url}/invoke` });
    const answeredBefore = (await loadDatasetRows(db, dataset.id)).rows.filter((r) => r.asked && !r.asked.error).map((r) => r.sample.question);
    expect(answeredBefore).toHaveLength(2);

    // As after a reload: the panel reads the stored job.
    useAsk.setState({ datasetId: null });
    await refreshAsk(dataset.id);
    expect(useAsk.getState()).toMatchObject({ phase: "paused", answered: 2, total: 10 });

    const resumedFrom = server.log.length;
    server.configure({ latencyMs: 0 });
    await resumeAsk(dataset.id, { concurrency: 2, timeoutSeconds: 5, retries: 2 });
    expect(useAsk.getState()).toMatchObject({ phase: "done", answered: 6, failed: 4 });
    const resumed = server.log.slice(resumedFrom).map((r) => r.question);
    expect(resumed.filter((q) => answeredBefore.includes(q))).toEqual([]);
    // "All rows" asked the imported row too, and replaced its answer.
    const kept = (await loadDatasetRows(db, dataset.id)).rows.find((r) => r.sample.id === "kept");
    expect(kept?.sample.answer).toBe(expectedAnswer("Already answered").answer);
    expect(server.log.slice(mark).filter((r) => r.question === "Already answered")).toHaveLength(1);

    const revision = useDatasetAnswers.getState().revision[dataset.id] ?? 0;
    expect(revision).toBeGreaterThanOrEqual(10);
    requestScore(dataset.id);
    expect(takeScoreRequest(dataset.id, revision)).toBe(false);
    expect(takeScoreRequest(dataset.id, revision + 1)).toBe(true);
    expect(takeScoreRequest(dataset.id, revision + 1)).toBe(false);
  });

  it("Cancel forgets the job and keeps what was answered", async () => {
    const { db, dataset } = await seeded("cancel");
    server.configure({ latencyMs: 40 });
    const unsubscribe = useAsk.subscribe((s) => {
      if (s.answered >= 1) void cancelAsk(dataset.id);
    });
    await startAsk(dataset.id, "missing", { concurrency: 1, timeoutSeconds: 5, retries: 0 });
    unsubscribe();
    expect(useAsk.getState().phase).toBe("cancelled");
    expect((await loadAskJob(db, dataset.id)).job).toBeUndefined();
    const answered = (await loadDatasetRows(db, dataset.id)).rows.filter((r) => r.asked && !r.asked.error);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(answered.every((r) => r.sample.answer === expectedAnswer(r.sample.question).answer)).toBe(true);
  });

  it("asks a conversation turn by turn; Pause between turns keeps the turns answered and Resume asks only the rest; a failed turn is named", async () => {
    const db = (await appDb())!;
    const turns = ["Which tower [tool]?", "它有多高？", "Who built it?"];
    const dataset = await createDataset(db, {
      name: "conversation",
      source: { file: "conversation.jsonl", kind: "jsonl" },
      samples: [
        {
          id: "c1",
          question: turns[0]!,
          answer: "",
          contexts: [],
          messages: [
            { role: "user", content: turns[0]! },
            { role: "assistant", content: "(old reply)" },
            ...turns.slice(1).map((content) => ({ role: "user" as const, content })),
          ],
        },
        {
          id: "c2",
          question: "Start",
          answer: "",
          contexts: [],
          messages: [
            { role: "user", content: "Start" },
            { role: "user", content: "Then [500] it breaks" },
          ],
        },
      ],
    });
    await selectDataset(dataset.id);
    editTarget({
      url: `${server.url}/rag`,
      headers: [newHeader("Authorization", `Bearer ${TOKEN}`)],
      body: '{ "messages": "{{messages}}" }',
      answer: "$.data.answer",
      contexts: "$.sources[*].text",
      contextIds: "$.sources[*].id",
      toolCalls: "$.tool_calls",
    });
    server.configure({ latencyMs: 0 });
    const mark = server.log.length;
    // Pause the moment c1's first turn is written (the open table shows it).
    const unsubscribe = useDatasets.subscribe((s) => {
      if (s.rows.some((r) => r.sample.id === "c1" && r.asked?.turns === 1)) pauseAsk();
    });
    await startAsk(dataset.id, "missing", { concurrency: 1, timeoutSeconds: 5, retries: 0 });
    unsubscribe();
    expect(useAsk.getState().phase).toBe("paused");
    const first = expectedAnswer(turns[0]!);
    const paused = (await loadDatasetRows(db, dataset.id)).rows.find((r) => r.sample.id === "c1")!;
    expect(paused.asked).toMatchObject({ turns: 1, status: 200 });
    expect(paused.sample.messages).toEqual([
      { role: "user", content: turns[0] },
      { role: "assistant", content: first.answer, toolCalls: expectedToolCalls(turns[0]!) },
      { role: "user", content: turns[1] },
      { role: "user", content: turns[2] },
    ]);
    expect(server.log.slice(mark).map((r) => r.question)).toEqual([turns[0]]);

    const resumedFrom = server.log.length;
    await resumeAsk(dataset.id, { concurrency: 1, timeoutSeconds: 5, retries: 0 });
    expect(useAsk.getState().phase).toBe("done");
    // Nothing answered is sent again: c1 goes on at its second turn, with the system's first reply as history.
    expect(server.log.slice(resumedFrom).map((r) => r.question)).toEqual([turns[1], turns[2], "Start", "Then [500] it breaks"]);
    expect(JSON.parse(server.log[resumedFrom]!.body)).toEqual({
      messages: [
        { role: "user", content: turns[0] },
        { role: "assistant", content: first.answer },
        { role: "user", content: turns[1] },
      ],
    });
    const { rows } = await loadDatasetRows(db, dataset.id);
    const c1 = rows.find((r) => r.sample.id === "c1")!;
    const answers = turns.map((t) => expectedAnswer(t));
    expect(c1.sample.messages).toEqual(
      turns.flatMap((t, i) => [
        { role: "user", content: t },
        // The tool call the reply made (its path in the form) stays on the assistant turn.
        { role: "assistant", content: answers[i]!.answer, ...(i === 0 ? { toolCalls: [{ name: "lookup", args: { topic: "Which tower ?", top_k: 2 } }] } : {}) },
      ]),
    );
    expect(c1.sample).toMatchObject({ answer: answers[2]!.answer, retrievedContextIds: answers.flatMap((a) => a.contextIds) });
    expect(c1.sample.contexts).toEqual(answers.flatMap((a) => a.contexts));
    expect(c1.asked).toMatchObject({ turns: 3, status: 200 });
    expect(c1.asked?.error).toBeUndefined();
    const c2 = rows.find((r) => r.sample.id === "c2")!;
    expect(c2.asked).toMatchObject({ turns: 1, status: 500, error: expect.stringMatching(/^turn 2 of 2: HTTP 500/) });
    expect(c2.sample.messages).toEqual([
      { role: "user", content: "Start" },
      { role: "assistant", content: expectedAnswer("Start").answer },
      { role: "user", content: "Then [500] it breaks" },
    ]);
  });
});
