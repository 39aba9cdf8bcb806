import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkDoc, checkedDoc, docType, readDoc } from "../../../src/storage/db/doc";

const NOTE = docType(
  "note",
  2,
  z.object({ title: z.string().trim().min(1, "a note needs a title"), tags: z.array(z.string()) }),
  // v1 kept one tag as text
  { 1: ({ tag, ...rest }) => ({ ...rest, tags: typeof tag === "string" ? [tag] : [] }) },
);

describe("stored documents", () => {
  it("validates what it writes: the value as the next read returns it, or 'not stored' naming the field", () => {
    expect(checkDoc(NOTE, { title: "  Plan ", tags: [] })).toEqual({ title: "Plan", tags: [] });
    expect(checkedDoc(NOTE, { title: "Plan", tags: ["a"] })).toEqual({ title: "Plan", tags: ["a"], v: 2 });
    expect(() => checkDoc(NOTE, { title: " ", tags: [] })).toThrow("not stored: the note is invalid (title: a note needs a title)");
  });

  it("reads what it wrote, migrates an older format and refuses a newer one", () => {
    expect(readDoc(NOTE, checkedDoc(NOTE, { title: "Plan", tags: ["a"] }))).toEqual({ ok: true, value: { title: "Plan", tags: ["a"] } });
    expect(readDoc(NOTE, { v: 1, title: "Old", tag: "x" })).toEqual({ ok: true, value: { title: "Old", tags: ["x"] } });
    expect(readDoc(NOTE, { v: 3, title: "New", tags: [] })).toEqual({
      ok: false,
      message: "the note was written by a newer version of the app (format 3; this one reads up to 2)",
    });
  });
});
