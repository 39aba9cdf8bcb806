import { describe, expect, it } from "vitest";
import { splitSentences } from "../../../src/engine/text/sentences";

/** Our own cases beyond the Golden Rules: what RAG chunks in Chinese, mixed and English contain. */
describe("splitSentences, Chinese beyond the Golden Rules", () => {
  it("keeps terminators inside “…” with the quote and ends the sentence after it", () => {
    expect(splitSentences("他说：“今天下雨了。我们不出门。”然后他就走了。")).toEqual(["他说：“今天下雨了。我们不出门。”", "然后他就走了。"]);
    expect(splitSentences("“你好！”他喊道。")).toEqual(["“你好！”", "他喊道。"]);
    // A quote that does not end with a terminator ends nothing.
    expect(splitSentences("他说“明天见”，然后挂了电话。")).toEqual(["他说“明天见”，然后挂了电话。"]);
  });

  it("does the same for 「…」 and 『…』 nested inside it", () => {
    expect(splitSentences("老师问：「你们懂了吗？」学生们说：「懂了！」")).toEqual(["老师问：「你们懂了吗？」", "学生们说：「懂了！」"]);
    expect(splitSentences("他说：「她告诉我『快走！』，我就走了。」然后呢？")).toEqual(["他说：「她告诉我『快走！』，我就走了。」", "然后呢？"]);
  });

  it("never ends a sentence inside a 《title》", () => {
    expect(splitSentences("他读完了《你好，忧愁。》和《百年孤独》。后来又读了一遍。")).toEqual([
      "他读完了《你好，忧愁。》和《百年孤独》。",
      "后来又读了一遍。",
    ]);
    expect(splitSentences("《摔跤吧！爸爸》上映了吗？上映了。")).toEqual(["《摔跤吧！爸爸》上映了吗？", "上映了。"]);
  });

  it("keeps full-width and half-width decimals whole, and splits on the full-width period elsewhere", () => {
    expect(splitSentences("今年的增长率为３．２９％，高于去年。明年预计为３．５％。价格是12.5元。")).toEqual([
      "今年的增长率为３．２９％，高于去年。",
      "明年预计为３．５％。",
      "价格是12.5元。",
    ]);
    expect(splitSentences("这是第一句．这是第二句．")).toEqual(["这是第一句．", "这是第二句．"]);
  });

  it("splits mixed Chinese and English at each language's own sentence ends", () => {
    expect(splitSentences("我们使用 GPT-4o 模型，准确率达到 92.5%。The model was trained by OpenAI Inc. in the U.S. 然后我们比较了结果！")).toEqual([
      "我们使用 GPT-4o 模型，准确率达到 92.5%。",
      "The model was trained by OpenAI Inc. in the U.S.",
      "然后我们比较了结果！",
    ]);
    // An English abbreviation inside a Chinese sentence does not end it.
    expect(splitSentences("他在 Google Inc. 工作了三年。后来去了 Meta。")).toEqual(["他在 Google Inc. 工作了三年。", "后来去了 Meta。"]);
    expect(splitSentences("他说：“It works.” 然后离开了。")).toEqual(["他说：“It works.”", "然后离开了。"]);
    expect(splitSentences("It works.然后走了。好吗?好!")).toEqual(["It works.", "然后走了。", "好吗?", "好!"]);
    expect(splitSentences("It was founded in 2019. 公司位于上海。步骤1.打开文件。")).toEqual(["It was founded in 2019.", "公司位于上海。", "步骤1.打开文件。"]);
  });
});

describe("splitSentences, English beyond the Golden Rules", () => {
  it("keeps Wikipedia citation marks with the sentence they follow", () => {
    expect(splitSentences("These can be current impacts.[1] Adaptation aims to avoid harm.[2][3] It works.")).toEqual([
      "These can be current impacts.[1]",
      "Adaptation aims to avoid harm.[2][3]",
      "It works.",
    ]);
  });

  it("splits where a space after the period was lost, but not in emails, URLs, decimals or initials", () => {
    expect(splitSentences("It was founded by fishermen.The company catches octopus.")).toEqual([
      "It was founded by fishermen.",
      "The company catches octopus.",
    ]);
    expect(splitSentences("A drag coefficient of just 0.28.The grille was new.")).toEqual(["A drag coefficient of just 0.28.", "The grille was new."]);
    expect(splitSentences("Write to Jane.Doe@example.com or see www.Example.com/Page today. J.K.Rowling wrote it.")).toEqual([
      "Write to Jane.Doe@example.com or see www.Example.com/Page today.",
      "J.K.Rowling wrote it.",
    ]);
  });

  it("treats a numbered line as one sentence, and list labels only when they count up", () => {
    expect(splitSentences("1. Introduction\n2. Methods")).toEqual(["1. Introduction", "2. Methods"]);
    expect(splitSentences("It rose in 2019. 2020 was worse. We saw 5. Then 7. came.")).toEqual([
      "It rose in 2019.",
      "2020 was worse.",
      "We saw 5.",
      "Then 7. came.",
    ]);
    expect(splitSentences("i. Plan the run ii. Score it iii. Compare")).toEqual(["i. Plan the run", "ii. Score it", "iii. Compare"]);
  });

  it("pairs quotes within reach only, so a stray quote protects nothing", () => {
    const filler = "Filler sentence here. ".repeat(20);
    expect(splitSentences(`A stray "quote. ${filler}She said "Stop. Now." Then he left.`).slice(-3)).toEqual([
      "Filler sentence here.",
      'She said "Stop. Now."',
      "Then he left.",
    ]);
    expect(splitSentences(`A stray "quote. ${filler}`)).toHaveLength(21);
  });

  it("keeps Markdown emphasis closing after a terminator with its sentence", () => {
    expect(splitSentences("**Note.** This is bold. _Done._ Next one.")).toEqual(["**Note.**", "This is bold.", "_Done._", "Next one."]);
  });

  it("keeps e.g., titles and numbered references inside the sentence", () => {
    expect(splitSentences("Use a metric, e.g. Faithfulness. See Fig. 3 and No. 5 on p. 12. Prof. Li agreed.")).toEqual([
      "Use a metric, e.g. Faithfulness.",
      "See Fig. 3 and No. 5 on p. 12.",
      "Prof. Li agreed.",
    ]);
  });
});
