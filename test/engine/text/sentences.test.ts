import { describe, expect, it } from "vitest";
import { splitSentences } from "../../../src/engine/text/sentences";

describe("splitSentences, English", () => {
  it("does not end a sentence at a title or an initial", () => {
    expect(splitSentences("Dr. Smith went to Washington. He met Mr. Jones at 5 p.m. on Friday. The U.S. policy changed.")).toEqual([
      "Dr. Smith went to Washington.",
      "He met Mr. Jones at 5 p.m. on Friday.",
      "The U.S. policy changed.",
    ]);
    expect(splitSentences("J. Robert Oppenheimer led the lab. It was in Los Alamos.")).toEqual(["J. Robert Oppenheimer led the lab.", "It was in Los Alamos."]);
  });
  it("treats line breaks as boundaries and drops empty pieces", () => {
    expect(splitSentences("First line\n\nSecond line\n- item one\n- item two\n\n   ")).toEqual(["First line", "Second line", "- item one", "- item two"]);
  });
  it("keeps decimals and quoted speech together", () => {
    expect(splitSentences('Pi is about 3.14. She said "it works." Then she left.')).toEqual(["Pi is about 3.14.", 'She said "it works."', "Then she left."]);
  });
});

describe("splitSentences, Chinese", () => {
  it("splits on 。！？", () => {
    expect(splitSentences("地球自转一周约为二十四小时。地球还绕太阳公转！对吗？")).toEqual(["地球自转一周约为二十四小时。", "地球还绕太阳公转！", "对吗？"]);
  });
  it("keeps an opening quote with the sentence it opens", () => {
    expect(splitSentences("他是诗人，也是哲学家。“你好。”他说。")).toEqual(["他是诗人，也是哲学家。", "“你好。”", "他说。"]);
  });
  it("does not split on commas or semicolons", () => {
    expect(splitSentences("北京很大，上海也很大；广州很热。")).toEqual(["北京很大，上海也很大；广州很热。"]);
  });
  it("handles mixed Chinese and English", () => {
    expect(splitSentences("RAG 系统很有用。It retrieves context. 然后生成答案！")).toEqual(["RAG 系统很有用。", "It retrieves context.", "然后生成答案！"]);
  });
});
