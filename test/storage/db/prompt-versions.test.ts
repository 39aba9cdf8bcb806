import { describe, expect, it, vi } from "vitest";
import {
  ACTIVE_KEY,
  deletePromptVersion,
  importPromptVersions,
  listPromptVersions,
  loadActiveOverrides,
  loadActiveVersions,
  savePromptVersion,
  setActiveVersion,
} from "../../../src/storage/db/prompt-versions";
import { simulateQuotaExceeded, freshDb } from "./helpers";

const strict = { instruction: "Be strict. Check each numbered statement against the context alone." };
const examples = [{ input: { context: "c", statements: "[1] s" }, output: { verdicts: [{ statement: 1, reason: "r", verdict: 1 }] } }];

describe("prompt versions", () => {
  it("saves named versions and lists them per prompt, oldest first", async () => {
    const db = await freshDb();
    await savePromptVersion(db, { promptId: "faithfulness.verdicts", name: "strict", override: strict, createdAt: 2 });
    await savePromptVersion(db, { promptId: "faithfulness.verdicts", name: "with examples", override: { examples }, createdAt: 1 });
    await savePromptVersion(db, { promptId: "context_recall.statements", name: "other", override: strict, createdAt: 3 });
    const { versions, issues } = await listPromptVersions(db, "faithfulness.verdicts");
    expect(issues).toEqual([]);
    expect(versions.map((v) => v.name)).toEqual(["with examples", "strict"]);
    expect(versions[0]!.override.examples).toEqual(examples);
    expect((await listPromptVersions(db)).versions).toHaveLength(3);
  });

  // On a fast machine two saves land in the same millisecond: they listed in the order of their
  // random ids, and the run form's version picker showed "strict" before "terse" one run in two.
  it("lists versions saved within one millisecond in the order they were saved, an import's too", async () => {
    const db = await freshDb();
    const now = vi.spyOn(Date, "now").mockReturnValue(1_000);
    try {
      for (const name of ["c", "a", "b"]) await savePromptVersion(db, { promptId: "p", name, override: { instruction: name } });
      const listed = (await listPromptVersions(db, "p")).versions;
      expect(listed.map((v) => [v.name, v.createdAt])).toEqual([
        ["c", 1_000],
        ["a", 1_001],
        ["b", 1_002],
      ]);
      // Saving an existing name again makes it the newest; an import keeps the file's order.
      await savePromptVersion(db, { promptId: "p", name: "c", override: { instruction: "c2" } });
      expect((await listPromptVersions(db, "p")).versions.map((v) => v.name)).toEqual(["a", "b", "c"]);
      await importPromptVersions(db, [
        { promptId: "q", name: "z", override: { instruction: "z" } },
        { promptId: "q", name: "y", override: { instruction: "y" } },
      ]);
      expect((await listPromptVersions(db, "q")).versions.map((v) => v.name)).toEqual(["z", "y"]);
    } finally {
      now.mockRestore();
    }
  });

  it("saving under an existing name replaces that version (same id); the name is trimmed", async () => {
    const db = await freshDb();
    const first = await savePromptVersion(db, { promptId: "p", name: "v1", override: { instruction: "a" } });
    const again = await savePromptVersion(db, { promptId: "p", name: " v1 ", override: { instruction: "b" } });
    expect(again.id).toBe(first.id);
    const { versions } = await listPromptVersions(db, "p");
    expect(versions.map((v) => [v.name, v.override.instruction])).toEqual([["v1", "b"]]);
  });

  it("never stores the versionName inside the override: the version's own name is used", async () => {
    const db = await freshDb();
    const v = await savePromptVersion(db, { promptId: "p", name: "mine", override: { instruction: "x", versionName: "stale" } }, { activate: true });
    expect(v.override).toEqual({ instruction: "x" });
    expect((await loadActiveOverrides(db)).overrides).toEqual({ p: { instruction: "x", versionName: "mine" } });
  });

  it("refuses an empty name or a malformed override, and writes nothing", async () => {
    const db = await freshDb();
    await expect(savePromptVersion(db, { promptId: "p", name: "  ", override: {} })).rejects.toThrow(/needs a name/);
    await expect(savePromptVersion(db, { promptId: "p", name: "x", override: { examples: [{ input: { a: 1 } }] } as never })).rejects.toThrow(/not stored/);
    expect(await db.count("promptVersions")).toBe(0);
  });

  it("chooses the active version per prompt, and back to the default", async () => {
    const db = await freshDb();
    const a = await savePromptVersion(db, { promptId: "faithfulness.verdicts", name: "a", override: strict });
    const b = await savePromptVersion(db, {
      promptId: "context_recall.statements",
      name: "b",
      override: { inputTemplate: "{{question}} {{reference}} {{context}}" },
    });
    await setActiveVersion(db, a.promptId, a.id);
    await setActiveVersion(db, b.promptId, b.id);
    expect((await loadActiveVersions(db)).active).toEqual({ [a.promptId]: a.id, [b.promptId]: b.id });
    await setActiveVersion(db, a.promptId, null);
    expect((await loadActiveOverrides(db)).overrides).toEqual({ [b.promptId]: { ...b.override, versionName: "b" } });
  });

  it("will not make a version active for another prompt, or a version that does not exist", async () => {
    const db = await freshDb();
    const a = await savePromptVersion(db, { promptId: "p", name: "a", override: strict });
    await expect(setActiveVersion(db, "q", a.id)).rejects.toThrow(/belongs to p/);
    await expect(setActiveVersion(db, "p", "nope")).rejects.toThrow(/no readable version/);
    expect((await loadActiveVersions(db)).active).toEqual({});
  });

  it("deleting the active version sends its prompt back to the default", async () => {
    const db = await freshDb();
    const a = await savePromptVersion(db, { promptId: "p", name: "a", override: strict }, { activate: true });
    const b = await savePromptVersion(db, { promptId: "q", name: "b", override: strict }, { activate: true });
    await deletePromptVersion(db, a.id);
    expect((await loadActiveVersions(db)).active).toEqual({ q: b.id });
    expect((await listPromptVersions(db, "p")).versions).toEqual([]);
  });

  it("skips and reports an unreadable row or a dangling active entry, keeping the rest", async () => {
    const db = await freshDb();
    const good = await savePromptVersion(db, { promptId: "p", name: "good", override: strict }, { activate: true });
    await db.put("promptVersions", { v: 1, id: "bad", promptId: "p", name: "", override: {}, createdAt: 5 });
    await db.put("promptVersions", { v: 9, id: "future", promptId: "q", name: "n", override: {}, createdAt: 6 });
    await db.put("settings", { v: 1, active: { p: good.id, q: "future", r: "gone" } }, ACTIVE_KEY);
    const listed = await listPromptVersions(db);
    expect(listed.versions.map((v) => v.id)).toEqual([good.id]);
    expect(listed.issues.map((i) => i.key).sort()).toEqual(["bad", "future"]);
    const { overrides, issues } = await loadActiveOverrides(db);
    expect(Object.keys(overrides)).toEqual(["p"]);
    expect(issues.map((i) => i.key).sort()).toEqual(["future", "gone"]);
    expect(issues.find((i) => i.key === "future")!.message).toMatch(/newer version of the app/);
  });

  it("an unreadable active map means every prompt uses its default, with an issue", async () => {
    const db = await freshDb();
    await db.put("settings", { v: 1, active: "oops" }, ACTIVE_KEY);
    const { active, issues } = await loadActiveVersions(db);
    expect(active).toEqual({});
    expect(issues[0]!.message).toMatch(/built-in default/);
  });

  it("an import replaces the active set in one go: listed prompts get the new versions, the others their defaults", async () => {
    const db = await freshDb();
    const old = await savePromptVersion(db, { promptId: "q", name: "old", override: strict }, { activate: true });
    const saved = await importPromptVersions(db, [
      { promptId: "p", name: "imported", override: strict },
      { promptId: "r", name: "imported", override: { examples } },
    ]);
    expect((await loadActiveVersions(db)).active).toEqual({ p: saved[0]!.id, r: saved[1]!.id });
    // The old version is kept (only no longer active).
    expect((await listPromptVersions(db, "q")).versions.map((v) => v.id)).toEqual([old.id]);
  });

  it("an import that fails half-way changes nothing", async () => {
    const db = await freshDb();
    const old = await savePromptVersion(db, { promptId: "q", name: "old", override: strict }, { activate: true });
    await expect(
      importPromptVersions(db, [
        { promptId: "p", name: "ok", override: strict },
        { promptId: "r", name: "", override: strict },
      ]),
    ).rejects.toThrow(/needs a name/);
    expect((await loadActiveVersions(db)).active).toEqual({ q: old.id });
    expect(await db.count("promptVersions")).toBe(1);
  });

  it("a full disk is reported as StorageFullError and nothing is saved", async () => {
    const db = await freshDb();
    const undo = simulateQuotaExceeded();
    try {
      await expect(savePromptVersion(db, { promptId: "p", name: "a", override: strict }, { activate: true })).rejects.toMatchObject({
        name: "StorageFullError",
      });
    } finally {
      undo();
    }
    expect(await db.count("promptVersions")).toBe(0);
    expect((await loadActiveVersions(db)).active).toEqual({});
  });
});
