import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JOURNAL_FORMAT, openFileJournal } from "../../src/cli/journal-file";
import type { JournalEntry } from "../../src/engine";

const dir = mkdtempSync(join(tmpdir(), "ragas-journal-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (sampleId: string, score: number): JournalEntry => ({ sampleId, repeat: 0, metrics: { faithfulness: { score, trace: { calls: [] } } } });

describe("file journal", () => {
  it("appends whole lines after a header and reads them back on resume", async () => {
    const path = join(dir, "a.journal");
    const j = await openFileJournal(path, "fp1", false);
    await Promise.all([j.append(entry("s1", 1)), j.append(entry("s2", 0.5))]);
    await j.close();
    const lines = readFileSync(path, "utf8").split("\n");
    expect(JSON.parse(lines[0]!)).toEqual({ format: JOURNAL_FORMAT, version: 1, fingerprint: "fp1" });
    expect(lines.slice(1)).toEqual([JSON.stringify(entry("s1", 1)), JSON.stringify(entry("s2", 0.5)), ""]);

    const again = await openFileJournal(path, "fp1", true);
    expect(again.found).toBe(2);
    expect((await again.load()).map((e) => e.sampleId)).toEqual(["s1", "s2"]);
    await again.remove();
  });

  it("ignores a torn last line (kill -9 mid-write) and cuts it off before appending", async () => {
    const path = join(dir, "torn.journal");
    const j = await openFileJournal(path, "fp", false);
    await j.append(entry("s1", 1));
    await j.close();
    appendFileSync(path, JSON.stringify(entry("s2", 1)).slice(0, 30));
    const resumed = await openFileJournal(path, "fp", true);
    expect((await resumed.load()).map((e) => e.sampleId)).toEqual(["s1"]);
    await resumed.append(entry("s3", 0));
    await resumed.close();
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    expect(lines.map((l) => JSON.parse(l).sampleId ?? "header")).toEqual(["header", "s1", "s3"]);
  });

  it("refuses to overwrite without --resume, a journal of another run, and a corrupt middle line", async () => {
    const path = join(dir, "b.journal");
    const j = await openFileJournal(path, "fp", false);
    await j.close();
    await expect(openFileJournal(path, "fp", false)).rejects.toThrow(/holds an unfinished run: add --resume to finish it/);
    await expect(openFileJournal(path, "other", true)).rejects.toThrow(/belongs to a different run/);
    writeFileSync(path, `${JSON.stringify({ format: JOURNAL_FORMAT, version: 1, fingerprint: "fp" })}\n{"sampleId":"x","repeat":-1,"metrics":{}}\n`);
    await expect(openFileJournal(path, "fp", true)).rejects.toThrow(/b\.journal:2: repeat: /);
  });
});
