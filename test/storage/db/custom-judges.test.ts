import { describe, expect, it } from "vitest";
import { CUSTOM_JUDGES_KEY, customJudgeVersions, deleteCustomJudge, listCustomJudges, saveCustomJudges } from "../../../src/storage/db/custom-judges";
import { freshDb } from "./helpers";

const politeness = {
  slug: "politeness",
  name: "Politeness",
  definition: "The answer is courteous.",
  inputs: ["question", "answer"] as ("question" | "answer")[],
  scale: "binary" as const,
};

describe("custom judges in IndexedDB", () => {
  it("keeps every changed definition as the next version; the same definition again is no new version", async () => {
    const db = await freshDb();
    expect((await saveCustomJudges(db, [politeness]))[0]).toMatchObject({ slug: "politeness", version: 1, strictness: 1 });
    expect((await saveCustomJudges(db, [politeness]))[0]!.version).toBe(1);
    expect((await saveCustomJudges(db, [{ ...politeness, strictness: 3 }]))[0]!.version).toBe(2);
    expect((await customJudgeVersions(db, "politeness")).map((j) => [j.version, j.strictness])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    const { judges, issues } = await listCustomJudges(db);
    expect(issues).toEqual([]);
    expect(judges).toEqual([{ ...politeness, strictness: 3, version: 2 }]);
  });

  it("a new judge whose slug another holds takes the next free one, decided in the transaction; the same definition again stays one judge", async () => {
    const db = await freshDb();
    await saveCustomJudges(db, [{ ...politeness, name: "礼貌", slug: "judge" }]);
    // A form that chose "judge" before the list loaded (or in another tab): a new judge, not version 2.
    const [cited] = await saveCustomJudges(db, [{ ...politeness, name: "引用来源", slug: "judge", definition: "The answer cites its source." }], {
      asNew: true,
    });
    expect(cited).toMatchObject({ slug: "judge-2", name: "引用来源", version: 1 });
    const [again] = await saveCustomJudges(db, [{ ...politeness, name: "引用来源", slug: "judge-2", definition: "The answer cites its source." }], {
      asNew: true,
    });
    expect(again).toMatchObject({ slug: "judge-2", version: 1 });
    expect((await listCustomJudges(db)).judges.map((j) => [j.slug, j.name, j.version])).toEqual([
      ["judge-2", "引用来源", 1],
      ["judge", "礼貌", 1],
    ]);
    // Without asNew (an edit, a prompt set's import) a changed definition is the slug's next version, as before.
    expect((await saveCustomJudges(db, [{ ...politeness, name: "礼貌", slug: "judge", strictness: 3 }]))[0]).toMatchObject({ slug: "judge", version: 2 });
  });

  it("refuses an invalid judge before writing, deletes a judge with its versions, and reports an unreadable document", async () => {
    const db = await freshDb();
    await expect(saveCustomJudges(db, [{ ...politeness, scale: "rubric" }])).rejects.toThrow(/levels/);
    expect((await listCustomJudges(db)).judges).toEqual([]);
    await saveCustomJudges(db, [politeness, { ...politeness, slug: "kindness", name: "Kindness" }]);
    await deleteCustomJudge(db, "politeness");
    expect((await listCustomJudges(db)).judges.map((j) => j.slug)).toEqual(["kindness"]);
    await db.put("settings", { v: 99, judges: {} }, CUSTOM_JUDGES_KEY);
    const read = await listCustomJudges(db);
    expect(read.judges).toEqual([]);
    expect(read.issues[0]!.message).toContain("newer version of the app");
    await expect(saveCustomJudges(db, [politeness])).rejects.toThrow("custom judges not saved");
  });
});
