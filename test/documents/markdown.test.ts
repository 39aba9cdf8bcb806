import { describe, expect, it } from "vitest";
import { markdownHeadings } from "../../src/documents/markdown";

describe("markdownHeadings", () => {
  it("reads ATX and setext headings at the offsets where their lines start, and none inside fenced code", () => {
    const text = "Intro line\n\n# Title #\n\n```\n# not a heading\n```\n\nSub part\n---\n\n  ### 第三节\nBody\n\nTop\n===\n";
    const headings = markdownHeadings(text);
    expect(headings).toEqual([
      { level: 1, text: "Title", start: 12 },
      { level: 2, text: "Sub part", start: 48 },
      { level: 3, text: "第三节", start: 62 },
      { level: 1, text: "Top", start: 78 },
    ]);
    expect(text.slice(12, 21)).toBe("# Title #");
    expect(text.slice(48, 56)).toBe("Sub part");
    expect(text.slice(62, 71)).toBe("  ### 第三节");
  });

  it("a rule after a blank line is no heading, nor is a # without a space", () => {
    expect(markdownHeadings("Text\n\n---\n\n#hashtag\n")).toEqual([]);
  });
});
