import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReport } from "../../src/storage/format/report-check";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { answered, isConnectionCheck, repeatedRequests } from "../mock/request-log";
import { judgeBrains } from "../mock/brains";
import { type MockRequestRecord, type MockServer, startMockServer } from "../mock/server";
import { journaledRequests, runAndKill, writeSamples } from "./kill-resume";
import { expectAccountedFor, FAKE_KEY, runCliInProcess, runCliProcess } from "./spawn-cli";

/**
 * Issue 21's must-show 2: a resumed journal is not believed as written. A result edited by hand
 * is dropped and scored again with a warning naming it; a damaged middle line keeps what came
 * before, redoes the rest and says so; a journal of another run names what changed. And a run
 * against the fault mix and schema-random replies, killed blind, still resumes to a report that
 * passes the app's import check and bills every journaled request.
 */

const LATENCY = 10;
const env = { OPENAI_API_KEY: FAKE_KEY };
let mock: MockServer;
let dir: string;
let input: string;
/** A run of 12 samples killed after 28 answered requests: its journal, reply cache, and the requests the mock answered it. */
let killed: { journal: string; cache: string; answered: number };

const args = (out: string, baseURL = mock.url, ...more: string[]) => [
  "score",
  ...["--input", input, "--base-url", baseURL, "--model", "mock-judge", "--metrics", "faithfulness,context_recall"],
  ...["--concurrency", "4", "--out", out, ...more],
];

function reportAt(path: string): Report {
  const parsed = parseReport(readFileSync(path, "utf8"), path);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}

/** A copy of the killed run's journal and cache beside `out`, for one test to change. */
function killedCopy(name: string): { out: string; journal: string; lines: string[] } {
  const out = join(dir, `${name}.json`);
  copyFileSync(killed.journal, `${out}.journal`);
  copyFileSync(killed.cache, `${out}.cache`);
  return { out, journal: `${out}.journal`, lines: readFileSync(`${out}.journal`, "utf8").trimEnd().split("\n") };
}

/** Which of distinctSamples' samples a request is about (its river's number), or 0. */
const sampleNumberOf = (record: MockRequestRecord) => Number(/river [A-Z][a-z]+ (\d+)/.exec(JSON.stringify(record.body ?? ""))?.[1] ?? 0);

const entryLines = (lines: string[]) => lines.map((l, i) => ({ i, l })).filter(({ l }) => l.includes('"sampleId"'));

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY, latencyMs: LATENCY });
  dir = mkdtempSync(join(tmpdir(), "ragas-trust-"));
  input = join(dir, "twelve.jsonl");
  writeSamples(input, 12);
  const out = join(dir, "killed.json");
  const signal = await runAndKill(mock, args(out), { at: 28, settle: { journal: `${out}.journal` }, env });
  mock.configure({ latencyMs: LATENCY });
  expect(signal).toBe("SIGKILL");
  killed = { journal: `${out}.journal`, cache: `${out}.cache`, answered: answered(mock.log).length };
  // Settled: every request answered before the kill was journaled (the bill starts exact).
  expect(journaledRequests(killed.journal)).toBe(killed.answered);
  expect(entryLines(readFileSync(killed.journal, "utf8").split("\n")).length).toBeGreaterThanOrEqual(3);
}, 60_000);
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("cli score --resume trusts nothing it reads back", { timeout: 120_000 }, () => {
  it("drops a hand-edited result, warns naming sample and metric, and scores it again", async () => {
    const { out, journal, lines } = killedCopy("edited");
    const { i, l } = entryLines(lines)[0]!;
    const entry = JSON.parse(l) as { sampleId: string; metrics: { faithfulness: { score: number } } };
    const honest = entry.metrics.faithfulness.score;
    entry.metrics.faithfulness.score = honest === 1 ? 0.25 : 1;
    lines[i] = JSON.stringify(entry);
    writeFileSync(journal, `${lines.join("\n")}\n`);

    const run = await runCliProcess(args(out, mock.url, "--resume"), { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `warning: ${journal}:${i + 1}: sample "${entry.sampleId}" faithfulness fails the consistency check (score: the score ${entry.metrics.faithfulness.score} does not follow from its trace`,
    );
    expect(run.stderr).toContain("dropped, it is scored again");
    const report = reportAt(out);
    expect(checkReport(report), "the app imports what the CLI wrote").toBeUndefined();
    expect(report.results.find((r) => r.sampleId === entry.sampleId)!.metrics.faithfulness!.score).toBe(honest);
  });

  it("skips a damaged middle line, keeps every good line after it, says how, and bills both processes", async () => {
    const { out, journal, lines } = killedCopy("damaged");
    const entries = entryLines(lines);
    const bad = entries[1]!.i;
    const sampleOf = (l: string) => Number(/"sampleId":"s(\d\d)"/.exec(l)![1]);
    lines[bad] = lines[bad]!.slice(0, 40);
    writeFileSync(journal, `${lines.join("\n")}\n`);

    mock.resetLog();
    // Without the reply cache, what resume redoes reaches the mock: kept and redone are told apart.
    const run = await runCliProcess(args(out, mock.url, "--resume", "--no-cache"), { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `warning: ${journal} is damaged at line ${bad + 1} (not JSON): resume keeps the other ${lines.length - 1} lines (finished samples and billed requests), removes line ${bad + 1} from the file and redoes what it held, or delete the file to start over`,
    );
    expect(run.stderr).toMatch(new RegExp(`resuming: ${entries.length - 1} finished sample runs? in`));
    const report = reportAt(out);
    expect(checkReport(report)).toBeUndefined();
    expectAccountedFor(report);
    const askedFor = new Set(answered(mock.log).map(sampleNumberOf));
    expect(askedFor.has(sampleOf(entries[1]!.l)), "the damaged line's sample is scored again").toBe(true);
    const keptAfter = entries.slice(2).map(({ l }) => sampleOf(l));
    expect(keptAfter.length, "the killed run journaled samples after the damaged line").toBeGreaterThan(0);
    for (const n of [sampleOf(entries[0]!.l), ...keptAfter]) expect(askedFor.has(n), `requests for s${n}`).toBe(false);
    // Every spent line survived: the killed process's requests and the resumed one's, as the mock counted them.
    expect(report.usage.requests).toBe(killed.answered + answered(mock.log).length);
  });

  it("drops a cached reply whose verdict was flipped on disk (it still parses), naming file and line, and asks for it again", async () => {
    const cacheDir = join(dir, "flip-cache");
    const first = await runCliInProcess(args(join(dir, "flip-1.json"), mock.url, "--cache", cacheDir), { env });
    expect(first.code, first.stderr).toBe(0);
    const path = join(cacheDir, "replies.jsonl");
    const lines = readFileSync(path, "utf8").split("\n");
    // In the file the reply's JSON is a string: its quotes are escaped.
    const verdict = String.raw`\"verdict\":1`;
    const i = lines.findIndex((l) => l.includes(verdict));
    expect(i).toBeGreaterThanOrEqual(0);
    lines[i] = lines[i]!.replace(verdict, String.raw`\"verdict\":0`);
    writeFileSync(path, lines.join("\n"));

    mock.resetLog();
    const second = await runCliInProcess(args(join(dir, "flip-2.json"), mock.url, "--cache", cacheDir), { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(
      `warning: ${path}:${i + 1}: the reply does not match its checksum (changed after it was written): dropped, its request is sent again\n`,
    );
    expect(
      answered(mock.log).filter((r) => !isConnectionCheck(r)),
      "the one dropped reply is asked again",
    ).toHaveLength(1);
    const scores = (report: Report) => report.results.map((r) => [r.sampleId, r.metrics.faithfulness?.score, r.metrics.context_recall?.score]);
    expect(scores(reportAt(join(dir, "flip-2.json"))), "no score follows the flipped verdict").toEqual(scores(reportAt(join(dir, "flip-1.json"))));
  });

  it("refuses a journal of another run, naming the changed base URL with the old and the new value", async () => {
    const { out, journal } = killedCopy("moved");
    const moved = mock.url.replace("127.0.0.1", "localhost");
    const run = await runCliProcess(args(out, moved, "--resume"), { env });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      `error: ${journal} was written for another run: the base URL changed (journal: ${mock.url}; now: ${moved}). Resume with the journal's settings, or delete it to start over`,
    );
  });

  it("resumes a run against schema-random replies and the fault mix, killed blind", async () => {
    const faulty = await startMockServer({
      apiKey: FAKE_KEY,
      latencyMs: 5,
      schemaRandom: { seed: 7 },
      faults: { rate429: 0.1, retryAfterSeconds: 0.05, rate500: 0.05, rateMalformed: 0.05, seed: 3 },
    });
    try {
      const thirty = join(dir, "thirty.jsonl");
      writeSamples(thirty, 30);
      const out = join(dir, "faulty.json");
      const argv = [
        "score",
        ...["--input", thirty, "--base-url", faulty.url, "--model", "mock-judge", "--embedding-model", "mock-embedding"],
        ...["--concurrency", "16", "--out", out],
      ];
      expect(await runAndKill(faulty, argv, { at: 80, env })).toBe("SIGKILL");
      const killedLog = [...faulty.log];
      const killedAnswered = answered(killedLog).length;
      const billedBefore = journaledRequests(`${out}.journal`);
      expect(billedBefore).toBeGreaterThan(0);

      const run = await runCliProcess([...argv, "--resume"], { env });
      expect(run.code, run.stderr).toBe(0);
      const report = reportAt(out);
      expect(checkReport(report), "the app imports what the CLI wrote").toBeUndefined();
      const { scored, nulls } = expectAccountedFor(report);
      expect(scored + nulls).toBe(150);
      expect(faulty.log.some((r) => r.fault)).toBe(true);
      // The bill against the mock's count over both processes. The resumed process is billed every
      // request the mock answered it. Of the killed one's, the bill misses exactly those whose call had
      // not completed at the kill (a reply on the wire, or a 429 waiting for its retry): a call is
      // journaled when it completes. At most --concurrency calls were open, and each had sent at most
      // its retries of one request, plus one repair request with its own retries.
      const resumedAnswered = answered(faulty.log.slice(killedLog.length)).length;
      const lostWithTheKill = killedAnswered + resumedAnswered - report.usage.requests;
      expect(report.usage.requests - resumedAnswered, "what the killed process journaled is billed, once").toBe(billedBefore);
      const attemptsOfOneRequest = Math.max(...repeatedRequests(answered(killedLog)).map((r) => r.times), 1);
      expect(lostWithTheKill).toBeGreaterThanOrEqual(0);
      expect(lostWithTheKill).toBeLessThanOrEqual(16 * 2 * attemptsOfOneRequest);
      expect(report.usage.promptTokens).toBeLessThanOrEqual(answered(faulty.log).reduce((sum, r) => sum + r.promptTokens, 0));
    } finally {
      await faulty.close();
    }
  });

  it("replays partly usable replies and their follow-ups from the reply cache: a resume asks nothing answered again", async () => {
    // Every verdict reply of more than one statement drops its last verdict: the judge keeps the rest
    // and asks one follow-up for the missing one.
    const partial = await startMockServer({
      apiKey: FAKE_KEY,
      latencyMs: LATENCY,
      responders: {
        faithfulness_verdicts: (input) => {
          const full = judgeBrains.faithfulness_verdicts!(input) as { verdicts: unknown[] };
          return full.verdicts.length > 1 ? { verdicts: full.verdicts.slice(0, -1) } : full;
        },
      },
    });
    try {
      const argv = (out: string, ...more: string[]) => [
        "score",
        ...["--input", input, "--base-url", partial.url, "--model", "mock-judge", "--metrics", "faithfulness"],
        ...["--concurrency", "4", "--out", out, ...more],
      ];
      const straight = await runCliInProcess(argv(join(dir, "partial-full.json")), { env });
      expect(straight.code, straight.stderr).toBe(0);
      const ideal = answered(partial.log).filter((r) => !isConnectionCheck(r));
      // Statements, a partial verdict reply and its follow-up for each of the 12 samples.
      expect(ideal.length).toBe(36);
      expect(repeatedRequests(ideal)).toEqual([]);

      const out = join(dir, "partial.json");
      partial.resetLog();
      // Killed while follow-ups are owed: once three verdict requests of two statements were answered
      // partly, everything else is held (and journaled) before the kill.
      const verdictsAsked = (log: MockRequestRecord[], statements: number) =>
        log.filter((r) => {
          const format = JSON.stringify((r.body as { response_format?: unknown } | undefined)?.response_format ?? "");
          return format.includes('"name":"faithfulness_verdicts"') && format.includes(`"minItems":${statements},`);
        });
      const partlyAnswered = (log: MockRequestRecord[]) => verdictsAsked(log, 2);
      expect(partlyAnswered(ideal)).toHaveLength(12);
      const killedAt = { at: (log: MockRequestRecord[]) => partlyAnswered(log).length >= 3, settle: { journal: `${out}.journal` }, env };
      expect(await runAndKill(partial, argv(out), killedAt)).toBe("SIGKILL");
      const owed = partlyAnswered(answered(partial.log)).length - verdictsAsked(answered(partial.log), 1).length;
      expect(owed, "partly answered requests whose follow-up the killed process never got").toBeGreaterThan(0);
      partial.configure({ latencyMs: LATENCY });
      const run = await runCliProcess(argv(out, "--resume"), { env });
      expect(run.code, run.stderr).toBe(0);
      const work = answered(partial.log).filter((r) => !isConnectionCheck(r));
      expect(repeatedRequests(work), "no request answered before the kill is asked again").toEqual([]);
      expect(work.length).toBe(ideal.length);
      expect(reportAt(out).summary).toEqual(reportAt(join(dir, "partial-full.json")).summary);
    } finally {
      await partial.close();
    }
  });
});
