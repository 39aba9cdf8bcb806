// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import { DataPreview } from "../../../src/app/agreement/DataPreview";
import { useApp } from "../../../src/app/shared/store";
import { readAgreementFile } from "../../../src/storage/format/agreement-data";
import { render, type Rendered } from "../render";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  useApp.setState({ lang: "en" });
});

const LONG = `${"word ".repeat(100)}end`;
const csv = [
  "question,answer,ungrounded_answer,poor_answer,context_v1,context_v2",
  `"Question: Where is it?","Answer: In Paris.","Answer: In Rome.",A tower.,"['first ctx', ""it's second""]","[""only one""]"`,
  `Who wrote it?,${LONG},U,P,plain text context,`,
  ...Array.from({ length: 6 }, (_, i) => `Q${i}?,A${i},U${i},P${i},c${i},`),
].join("\n");

async function preview() {
  const data = await readAgreementFile({ name: "w.csv", bytes: new TextEncoder().encode(csv) });
  return render(<DataPreview rows={data.rows} readings={data.readings} />);
}

const cell = (root: ParentNode, row: string, field: string) => root.querySelector(`tr[data-row="${row}"] td[data-field="${field}"]`)!;

describe("the agreement data preview", () => {
  test("shows the first rows as parsed: prefixes removed and said so, contexts as the lists they became, long cells clipped with their length", async () => {
    view = await preview();
    const root = view.container;
    expect(root.querySelector("h4")!.textContent).toBe("Preview: the first 5 of 8 rows as they will be judged");
    expect(root.textContent).toContain('Removed: "Question: " from 1 question, "Answer: " from 2 answers.');
    expect(root.querySelectorAll("tbody tr")).toHaveLength(5);

    const question = cell(root, "1", "question");
    expect(question.querySelector(".agreement-stripped")!.textContent).toBe('"Question: " removed');
    expect(question.textContent).toBe('"Question: " removedWhere is it?');
    expect(cell(root, "1", "ungrounded_answer").textContent).toBe('"Answer: " removedIn Rome.');
    // Not prefixed: nothing said.
    expect(cell(root, "1", "poor_answer").querySelector(".agreement-stripped")).toBeNull();

    const v1 = cell(root, "1", "context_v1");
    expect(v1.querySelector(".agreement-list-as")!.textContent).toBe("2 contexts · Python list");
    expect([...v1.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["first ctx", "it's second"]);
    expect(cell(root, "1", "context_v2").querySelector(".agreement-list-as")!.textContent).toBe("1 context · JSON list");
    expect(cell(root, "2", "context_v1").querySelector(".agreement-list-as")!.textContent).toBe("1 context · single string");
    expect(cell(root, "2", "context_v2").textContent).toBe("none");

    // 503 characters: the start and the length, not the whole text.
    const long = cell(root, "2", "answer").textContent!;
    expect(long.startsWith("word word")).toBe(true);
    expect(long).toContain("(503 characters)");
    expect(long.length).toBeLessThan(200);
  });

  test("speaks Chinese with the catalogue's words and full-width punctuation", async () => {
    useApp.setState({ lang: "zh" });
    view = await preview();
    const root = view.container;
    expect(root.querySelector("h4")!.textContent).toBe("预览：共 8 行中的前 5 行，即将按此评判");
    expect(root.textContent).toContain("已去除：1 个问题的“Question: ”前缀，2 个答案的“Answer: ”前缀。");
    expect(cell(root, "1", "context_v1").querySelector(".agreement-list-as")!.textContent).toBe("2 个上下文 · Python 列表");
  });

  test("sits in a box that scrolls sideways with edge shadows, so it fits a narrow window", async () => {
    view = await preview();
    const table = view.container.querySelector('table[aria-label="Agreement data preview"]')!;
    expect(table.parentElement!.className).toContain("scroll-x");
    expect(table.parentElement!.parentElement!.className).toContain("scroll-hint");
  });
});
