// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { type ColumnMapping, guessMapping, type MappedSamples } from "../../../src/app/datasets/import/format-api";
import type { TableInfo } from "../../../src/app/datasets/import/protocol";
import { MappingStep } from "../../../src/app/datasets/MappingStep";
import { useApp } from "../../../src/app/shared/store";
import { byAccessibleName, byName, click, render, type Rendered } from "../render";

const table: TableInfo = {
  file: "pandas.csv",
  kind: "csv",
  columns: ["user_input", "response", "retrieved_contexts", "gold"],
  rowCount: 3,
  preview: [
    { user_input: "Where?", response: "Paris.", retrieved_contexts: "['Paris is in France.', \"It's the capital.\"]", gold: "Paris" },
    { user_input: "哪里？", response: "巴黎。", retrieved_contexts: "['第一段' '第二段'\n '第三段']", gold: "" },
    { user_input: "Who?", response: "Nobody.", retrieved_contexts: "just one context", gold: "" },
  ],
};

const valid: MappedSamples = {
  kind: "csv",
  samples: [{ id: "row-1", question: "Where?", answer: "Paris.", contexts: ["a"] }],
  errors: [],
  warnings: [],
  valid: { samples: [{ id: "row-1", question: "Where?", answer: "Paris.", contexts: ["a"] }], leftOut: 0 },
  contextsReadAs: { python: 1, numpy: 1, single: 1 },
};

const broken: MappedSamples = {
  ...valid,
  samples: [],
  errors: [
    { file: "pandas.csv", row: 2, line: 3, field: "response", message: "missing (also looked for answer)" },
    { file: "pandas.csv", row: 3, line: 5, field: "retrieved_contexts", message: "looks like a list but is not one: unclosed quote" },
  ],
  valid: { samples: valid.samples, leftOut: 2 },
};

let view: Rendered;
const props = (over: Partial<Parameters<typeof MappingStep>[0]> = {}) => ({
  table,
  mapping: guessMapping(table.columns),
  name: "pandas",
  result: null as MappedSamples | null,
  saving: false,
  onMapping: vi.fn<(m: ColumnMapping) => void>(),
  onName: vi.fn(),
  onImport: vi.fn<(validOnly: boolean) => void>(),
  onCancel: vi.fn(),
  ...over,
});
const button = (text: string) => [...view.container.querySelectorAll("button")].find((b) => b.textContent === text)!;
const previewRows = () => [...view.container.querySelectorAll('table[aria-label="Preview"] tbody tr')];

beforeEach(() => useApp.setState({ lang: "en" }));
afterEach(() => view.unmount());

describe("the mapping step", () => {
  test("pre-fills the ragas columns and shows each contexts cell as the list it was read as", () => {
    view = render(<MappingStep {...props()} />);
    expect(byName<HTMLSelectElement>(view.container, "Column for question").value).toBe("user_input");
    expect(byName<HTMLSelectElement>(view.container, "Column for answer").value).toBe("response");
    expect(byName<HTMLSelectElement>(view.container, "Column for contexts").value).toBe("retrieved_contexts");
    expect(byName<HTMLSelectElement>(view.container, "Column for reference").value).toBe("");
    const rows = previewRows();
    // Rows count samples from 1, the header not counted (it was the spreadsheet's row number, 2, and the id row-2).
    expect(rows.map((r) => r.querySelector("td")!.textContent)).toEqual(["1", "2", "3"]);
    expect(view.container.querySelector('[data-testid="row-numbering"]')!.textContent).toBe(
      "Rows are counted from 1 after the header row (problems also give the row's line in the file); a row without an id gets row-1, row-2, ….",
    );
    expect(rows.map((r) => r.querySelector('[data-testid="contexts-as"]')!.textContent)).toEqual([
      "2 contexts · Python list",
      "3 contexts · numpy array",
      "1 context · single string",
    ]);
    expect([...rows[0]!.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Paris is in France.", "It's the capital."]);
    expect([...rows[1]!.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["第一段", "第二段", "第三段"]);
    expect(view.container.textContent).toContain("Checking every row…");
    expect(button("Import").disabled).toBe(true);
  });

  test("choosing a column reports the new mapping; the preview follows the mapping it is given", async () => {
    const onMapping = vi.fn<(m: ColumnMapping) => void>();
    view = render(<MappingStep {...props({ onMapping })} />);
    const select = byName<HTMLSelectElement>(view.container, "Column for reference");
    await act(async () => {
      select.value = "gold";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(onMapping).toHaveBeenCalledWith({ ...guessMapping(table.columns), reference: "gold" });
    view.unmount();
    view = render(<MappingStep {...props({ mapping: { ...guessMapping(table.columns), reference: "gold" } })} />);
    expect(previewRows()[0]!.lastElementChild!.textContent).toBe("Paris");
  });

  test("a valid file: every row counted, how contexts were read, Import stores all", async () => {
    const onImport = vi.fn<(validOnly: boolean) => void>();
    view = render(<MappingStep {...props({ result: valid, onImport })} />);
    expect(view.container.textContent).toContain("The one row is valid.");
    expect(view.container.querySelector('[data-testid="contexts-read-as"]')!.textContent).toBe(
      "Contexts cells read as Python list × 1, numpy array × 1, single string × 1.",
    );
    expect(view.container.textContent).not.toContain("Import valid rows only");
    await click(button("Import"));
    expect(onImport).toHaveBeenCalledWith(false);
  });
});

describe("the validation report", () => {
  test("lists row, field and problem; Import is refused; only-valid is the user's choice", async () => {
    const onImport = vi.fn<(validOnly: boolean) => void>();
    view = render(<MappingStep {...props({ result: broken, onImport })} />);
    const report = byName(view.container, "Validation report");
    expect(report.querySelector("p")!.textContent).toBe("2 problems in 2 rows: nothing is stored until you choose.");
    const cells = [...report.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));
    expect(cells).toEqual([
      // The row counts samples; the line is where it starts in the file (as the CLI's messages say).
      ["2 (line 3)", "response", "missing (also looked for answer)"],
      ["3 (line 5)", "retrieved_contexts", "looks like a list but is not one: unclosed quote"],
    ]);
    expect(button("Import").disabled).toBe(true);
    await click(button("Import valid rows only"));
    expect(onImport).toHaveBeenCalledWith(true);
    expect(onImport).not.toHaveBeenCalledWith(false);
  });

  test("nothing valid: only-valid is disabled too", () => {
    view = render(<MappingStep {...props({ result: { ...broken, valid: { samples: [], leftOut: 3 } } })} />);
    expect(button("Import valid rows only").disabled).toBe(true);
  });

  // Was silent: a file with question and user_input read one and said nothing of the other.
  test("says when two columns hold one field, which is used, in English and in Chinese", () => {
    const both: TableInfo = { ...table, columns: ["user_input", "question", "answer", "retrieved_contexts"], preview: [] };
    view = render(<MappingStep {...props({ table: both, mapping: guessMapping(both.columns) })} />);
    const notes = () => [...view.container.querySelectorAll('[data-testid="shared-field"]')].map((p) => p.textContent);
    expect(notes()).toEqual([
      "“user_input” and “question” both hold the question: “question” is used, “user_input” only in rows where “question” is empty. Choose another column below if that is wrong.",
    ]);
    view.unmount();
    useApp.setState({ lang: "zh" });
    view = render(<MappingStep {...props({ table: both, mapping: { ...guessMapping(both.columns), question: "user_input" } })} />);
    expect(notes()).toEqual(["“question”和“user_input”都是问题列：使用“user_input”，仅在“user_input”为空的行中使用“question”。如果不对，请在下面另选一列。"]);
    view.unmount();
    view = render(<MappingStep {...props()} />);
    expect(notes()).toEqual([]);
  });

  test("in Chinese the words translate and the controls are named by their Chinese labels (contract 7, WCAG 2.5.3)", () => {
    useApp.setState({ lang: "zh" });
    view = render(<MappingStep {...props({ result: broken })} />);
    expect(view.container.textContent).toContain("只导入有效的行");
    expect(view.container.querySelector('[data-testid="row-numbering"]')!.textContent).toBe(
      "行号从 1 开始，不计表头行（问题中也给出该行在文件中的行号）；没有编号的行得到 row-1、row-2……",
    );
    expect(view.container.textContent).toContain("2 行中有 2 个问题");
    expect(view.container.textContent).toContain("2（第 3 行）");
    expect(byAccessibleName(view.container, "问题所在的列").tagName).toBe("SELECT");
    expect(byAccessibleName(view.container, "取消导入").tagName).toBe("BUTTON");
    expect(view.container.querySelector('[aria-label="Column for question"], [aria-label="Cancel import"]')).toBeNull();
  });
});
