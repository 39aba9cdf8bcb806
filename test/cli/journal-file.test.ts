import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JOURNAL_FORMAT, type JournalRun, openFileJournal } from "../../src/cli/journal-file";
import { runFingerprint, runIdentity, type RunSettings } from "../../src/cli/run-identity";
import type { JournalEntry } from "../../src/engine";
import type { CallRecord } from "../../src/engine/result";

const dir = mkdtempSync(join(tmpdir(), "ragas-journal-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const METRICS = ["faithfulness"] as const;
const settings: RunSettings = {
  samples: [{ id: "s1", question: "q", answer: "a", contexts: ["c"] }],
  metrics: [...METRICS],
  metricOptions: {},
  model: "judge",
  baseURL: "http://127.0.0.1:4000/v1",
  prompts: [],
};
const runOf = (s: RunSettings): JournalRun => ({ fingerprint: runFingerprint(s), identity: runIdentity(s) });
const RUN = runOf(settings);

/** A faithfulness result whose score is what its verdicts give (or, with `score`, a lie). */
const entry = (sampleId: string, verdicts: (0 | 1)[], score = verdicts.reduce<number>((a, v) => a + v, 0) / verdicts.length): JournalEntry => ({
  sampleId,
  repeat: 0,
  metrics: { faithfulness: { score, trace: { calls: [], statements: verdicts.map((verdict, i) => ({ text: `s${i}`, verdict, reason: "r" })) } as never } },
});
const call = (cached: boolean): CallRecord => ({
  kind: "chat",
  promptId: "faithfulness-verdicts",
  promptHash: "h",
  model: "judge",
  promptTokens: 10,
  completionTokens: 3,
  ms: 5,
  cached,
  attempts: cached ? 0 : 2,
  messages: [{ role: "user", content: "the prompt text stays in the results" }],
});
const lines = (path: string) => readFileSync(path, "utf8").trimEnd().split("\n");

describe("file journal", () => {
  it("writes a header naming the run, whole entry lines, and what each request spent", async () => {
    const path = join(dir, "a.journal");
    const j = openFileJournal(path, RUN, false, METRICS);
    await j.append(entry("s1", [1, 0]));
    j.spend([call(false), call(true)]);
    j.spend([call(true)]);
    await j.append(entry("s2", [1]));
    j.close();
    const written = lines(path);
    expect(JSON.parse(written[0]!)).toEqual({ format: JOURNAL_FORMAT, version: 2, fingerprint: RUN.fingerprint, run: RUN.identity, runId: j.runId });
    expect(j.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(RUN.identity).toMatchObject({ input: expect.stringMatching(/^1 sample, sha256 [0-9a-f]{16}$/), baseURL: "http://127.0.0.1:4000/v1" });
    // A cache hit costs nothing and is not billed; the spent line keeps no prompt text.
    expect(written.slice(1).map((l) => JSON.parse(l))).toEqual([
      entry("s1", [1, 0]),
      { spent: [{ kind: "chat", promptId: "faithfulness-verdicts", model: "judge", promptTokens: 10, completionTokens: 3, attempts: 2 }] },
      entry("s2", [1]),
    ]);

    const again = openFileJournal(path, RUN, true, METRICS);
    expect([again.found, again.warnings, again.billsEveryRequest]).toEqual([2, [], true]);
    expect(again.runId, "a resume is the same run: its repeats read back their own replies").toBe(j.runId);
    expect(openFileJournal(join(dir, "other.journal"), RUN, false, METRICS).runId, "another run with the same settings").not.toBe(j.runId);
    expect((await again.load()).map((e) => e.sampleId)).toEqual(["s1", "s2"]);
    expect(again.spentBefore.map((c) => [c.attempts, c.promptTokens, c.cached])).toEqual([[2, 10, false]]);
    again.remove();
  });

  it("ignores a torn last line (kill -9 mid-write) and cuts it off before appending", async () => {
    const path = join(dir, "torn.journal");
    const j = openFileJournal(path, RUN, false, METRICS);
    await j.append(entry("s1", [1]));
    j.close();
    appendFileSync(path, JSON.stringify(entry("s2", [1])).slice(0, 30));
    const resumed = openFileJournal(path, RUN, true, METRICS);
    expect(resumed.warnings).toEqual([]);
    expect((await resumed.load()).map((e) => e.sampleId)).toEqual(["s1"]);
    await resumed.append(entry("s3", [0]));
    resumed.close();
    expect(lines(path).map((l) => JSON.parse(l).sampleId ?? "header")).toEqual(["header", "s1", "s3"]);
  });

  it("skips a damaged middle line, keeps every good line before and after it, and rewrites the file without it", async () => {
    const path = join(dir, "damaged.journal");
    const j = openFileJournal(path, RUN, false, METRICS);
    await j.append(entry("s1", [1]));
    await j.append(entry("s2", [1]));
    j.spend([call(false)]);
    await j.append(entry("s3", [1]));
    j.close();
    const text = lines(path);
    writeFileSync(path, `${[text[0], text[1], `${text[2]!.slice(0, 25)}#%`, text[3], text[4]].join("\n")}\n`);
    const resumed = openFileJournal(path, RUN, true, METRICS);
    expect(resumed.warnings).toEqual([
      `${path} is damaged at line 3 (not JSON): resume keeps the other 4 lines (finished samples and billed requests), removes line 3 from the file and redoes what it held, or delete the file to start over`,
    ]);
    expect((await resumed.load()).map((e) => e.sampleId)).toEqual(["s1", "s3"]);
    // The spent line after the damage still bills its request.
    expect(resumed.spentBefore.map((c) => c.attempts)).toEqual([2]);
    await resumed.append(entry("s2", [0]));
    resumed.close();
    expect(lines(path).map((l) => JSON.parse(l).sampleId ?? (JSON.parse(l).spent ? "spent" : "header"))).toEqual(["header", "s1", "spent", "s3", "s2"]);
    expect(existsSync(`${path}.rewrite`), "the temporary file is renamed over the journal").toBe(false);

    writeFileSync(path, `${[text[0], "{", text[1], '{"sampleId":"x","repeat":-1,"metrics":{}}', text[3]].join("\n")}\n`);
    const twice = openFileJournal(path, RUN, true, METRICS);
    expect(twice.warnings[0]).toMatch(
      /damaged at lines 2 \(not JSON\), 4 \(repeat: .*\): resume keeps the other 3 lines \(finished samples and billed requests\), removes lines 2, 4 from the file and redoes what they held, or delete the file to start over$/,
    );
    expect((await twice.load()).map((e) => e.sampleId)).toEqual(["s1"]);
    twice.close();
    expect(lines(path)).toEqual([text[0], text[1], text[3]]);
  });

  it("drops a hand-edited result whose score its trace contradicts, naming sample and metric", async () => {
    const path = join(dir, "edited.journal");
    const j = openFileJournal(path, RUN, false, METRICS);
    await j.append(entry("s1", [1, 0]));
    await j.append(entry("s2", [1, 0], 1));
    j.close();
    const resumed = openFileJournal(path, RUN, true, METRICS);
    expect(resumed.warnings).toEqual([
      `${path}:3: sample "s2" faithfulness fails the consistency check (score: the score 1 does not follow from its trace (the statements give 0.5)): dropped, it is scored again`,
    ]);
    const loaded = await resumed.load();
    expect(loaded.map((e) => [e.sampleId, Object.keys(e.metrics)])).toEqual([
      ["s1", ["faithfulness"]],
      ["s2", []],
    ]);
    resumed.close();
  });

  it("refuses to overwrite without --resume, and names what changed in a journal of another run", async () => {
    const path = join(dir, "b.journal");
    openFileJournal(path, RUN, false, METRICS).close();
    expect(() => openFileJournal(path, RUN, false, METRICS)).toThrow(/holds an unfinished run: add --resume to finish it/);
    const moved = runOf({ ...settings, baseURL: "http://127.0.0.1:5000/v1" });
    expect(() => openFileJournal(path, moved, true, METRICS)).toThrow(
      `${path} was written for another run: the base URL changed (journal: http://127.0.0.1:4000/v1; now: http://127.0.0.1:5000/v1). Resume with the journal's settings, or delete it to start over`,
    );
    const recallPrompt = { id: "context_recall-attribution", hash: "abcdef1234567890", instruction: "i", inputTemplate: "t", examples: [] };
    const other = runOf({ ...settings, model: "judge-2", metrics: ["faithfulness", "context_recall"], prompts: [recallPrompt] });
    expect(() => openFileJournal(path, other, true, METRICS)).toThrow(
      /the metrics changed \(journal: faithfulness; now: faithfulness, context_recall\); the models changed \(journal: judge judge, embeddings none; now: judge judge-2, embeddings none\); the prompts changed: context_recall-attribution \(journal: not used; now: hash abcdef123456\)\./,
    );
    // A journal from before version 2 carries only a fingerprint.
    writeFileSync(path, `${JSON.stringify({ format: JOURNAL_FORMAT, version: 1, fingerprint: "old" })}\n`);
    expect(() => openFileJournal(path, RUN, true, METRICS)).toThrow(/was written for another run: the input, metrics, models, prompts or base URL changed/);
    writeFileSync(path, `${JSON.stringify({ format: JOURNAL_FORMAT, version: 1, fingerprint: RUN.fingerprint })}\n`);
    expect(openFileJournal(path, RUN, true, METRICS).billsEveryRequest).toBe(false);
  });
});
