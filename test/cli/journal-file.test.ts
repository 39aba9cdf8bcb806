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
    expect(() => openFileJournal(path, RUN, true, METRICS)).toThrow(
      /was written for another run: the input, metrics, metric options, models, prompts, custom judges or base URL changed/,
    );
    writeFileSync(path, `${JSON.stringify({ format: JOURNAL_FORMAT, version: 1, fingerprint: RUN.fingerprint })}\n`);
    expect(openFileJournal(path, RUN, true, METRICS).billsEveryRequest).toBe(false);
  });

  it("refuses a spent line with an absurd count as damaged: it is named and skipped, never billed", async () => {
    const path = join(dir, "absurd.journal");
    const j = openFileJournal(path, RUN, false, METRICS);
    j.spend([call(false)]);
    j.close();
    const good = lines(path)[1]!;
    const spentLine = (change: Record<string, number>) => JSON.stringify({ spent: [{ ...JSON.parse(good).spent[0], ...change }] });
    appendFileSync(
      path,
      [spentLine({ attempts: 1e9 }), spentLine({ promptTokens: -5 }), spentLine({ completionTokens: 2.5 }), spentLine({ promptTokens: 1e12 }), ""].join("\n"),
    );
    const resumed = openFileJournal(path, RUN, true, METRICS);
    expect(resumed.warnings).toHaveLength(1);
    expect(resumed.warnings[0]).toMatch(
      new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is damaged at lines 3 \\(spent\\.0\\.attempts: .+\\), 4 \\(spent\\.0\\.promptTokens: .+\\), 5 \\(spent\\.0\\.completionTokens: .+\\), 6 \\(spent\\.0\\.promptTokens: .+\\): resume keeps the other 2 lines`,
      ),
    );
    // Only the honest line bills: 2 attempts of 10 + 3 tokens.
    expect(resumed.spentBefore.map((c) => [c.attempts, c.promptTokens, c.completionTokens])).toEqual([[2, 10, 3]]);
    resumed.close();
    expect(lines(path)).toHaveLength(2);
  });

  it("names every changed field of the run, old and new: metric options, custom judges' scale, strictness and definition", async () => {
    const tone = {
      slug: "tone",
      name: "Tone",
      definition: "The answer is polite.",
      inputs: ["answer" as const],
      scale: "binary" as const,
      strictness: 1,
      version: 1,
    };
    const judged: RunSettings = { ...settings, metrics: ["faithfulness", "custom:tone"], customJudges: [tone] };
    const path = join(dir, "judged.journal");
    openFileJournal(path, runOf(judged), false, METRICS).close();
    const refusal = (changed: RunSettings) => {
      try {
        openFileJournal(path, runOf(changed), true, METRICS);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("the changed run was accepted");
    };
    expect(refusal({ ...judged, customJudges: [{ ...tone, strictness: 3 }] })).toBe(
      `${path} was written for another run: the custom judge "tone" changed: strictness (journal: 1; now: 3). Resume with the journal's settings, or delete it to start over`,
    );
    const levels = ["awful", "poor", "fair", "good", "great"] as [string, string, string, string, string];
    expect(refusal({ ...judged, customJudges: [{ ...tone, scale: "rubric", levels, definition: "The answer is polite and warm." }] })).toBe(
      `${path} was written for another run: the custom judge "tone" changed: definition (journal: "The answer is polite."; now: "The answer is polite and warm."), ` +
        `scale (journal: "binary"; now: "rubric"), levels (journal: none; now: ["awful","poor","fair","good","great"]). Resume with the journal's settings, or delete it to start over`,
    );
    expect(refusal({ ...judged, metricOptions: { faithfulness: { strictness: 2 } as never } })).toBe(
      `${path} was written for another run: the metric options changed (journal: none; now: faithfulness {"strictness":2}). Resume with the journal's settings, or delete it to start over`,
    );
  });

  it("reads the identity an older journal wrote (options after the metrics, no judges' settings) and still names what changed", async () => {
    const path = join(dir, "older.journal");
    const tone = { slug: "tone", name: "Tone", definition: "Polite.", inputs: ["answer" as const], scale: "binary" as const, strictness: 1, version: 1 };
    const older = { ...runIdentity(settings), metrics: 'faithfulness, custom:tone (faithfulness {"strictness":1})' };
    writeFileSync(path, `${JSON.stringify({ format: JOURNAL_FORMAT, version: 2, fingerprint: "older", run: older, runId: "r" })}\n`);
    const now = runOf({
      ...settings,
      metrics: ["faithfulness", "custom:tone"],
      metricOptions: { faithfulness: { strictness: 2 } as never },
      customJudges: [tone],
    });
    expect(() => openFileJournal(path, now, true, METRICS)).toThrow(
      `${path} was written for another run: the metrics changed (journal: faithfulness, custom:tone (faithfulness {"strictness":1}); now: faithfulness, custom:tone (faithfulness {"strictness":2})); ` +
        `the custom judge "tone" may have changed (the journal, from an older version, does not record its settings). Resume with the journal's settings, or delete it to start over`,
    );
  });
});
