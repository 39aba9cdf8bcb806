// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { act } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { DocumentsImport } from "../../../../src/app/datasets/documents/DocumentsImport";
import type { FromDocumentsWorker, ToDocumentsWorker } from "../../../../src/app/datasets/documents/protocol";
import { createDocumentsSession } from "../../../../src/app/datasets/documents/session";
import { clearDocuments, type DocumentsWorkerLike, setDocumentsWorkerFactory, useDocuments } from "../../../../src/app/datasets/documents/store";
import { useApp } from "../../../../src/app/shared/store";
import { byName, click, render, type Rendered, until } from "../../render";

const CORPUS = join(import.meta.dirname, "../../../fixtures/documents/corpus");
const file = (name: string) => new File([readFileSync(join(CORPUS, name))], name);

/** The worker's session, run in this thread and answering later, as a worker does. */
function inThreadWorker(): DocumentsWorkerLike {
  const fake: DocumentsWorkerLike & { handle: (m: ToDocumentsWorker) => Promise<void> } = {
    onmessage: null,
    handle: createDocumentsSession((message) => setTimeout(() => fake.onmessage?.({ data: message } as MessageEvent<FromDocumentsWorker>))),
    postMessage(message) {
      void fake.handle(message);
    },
    terminate() {},
  };
  return fake;
}

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  act(() => clearDocuments());
  act(() => useApp.setState({ lang: "en" }));
});

function dropFiles(files: File[]) {
  const target = view!.container.querySelector('[data-testid="documents-drop"]')!;
  const event = new Event("drop", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "dataTransfer", { value: { files } });
  act(() => {
    target.dispatchEvent(event);
  });
}

describe("Import documents", () => {
  test("dropped documents are listed with their chunk counts, or by name with why they were skipped", async () => {
    setDocumentsWorkerFactory(inThreadWorker);
    view = render(<DocumentsImport />);
    dropFiles([file("en-long.md"), file("empty.txt"), file("zh-tea.md"), file("tiny.md"), file("en-page.html")]);
    await until(() => expect(useDocuments.getState().entries).toHaveLength(5), 60_000);
    await until(() => expect(useDocuments.getState().reading).toBeNull());
    const items = [...view.container.querySelectorAll(`[aria-label="Documents"] li`)].map((li) => li.textContent);
    expect(items).toEqual([
      "en-long.md7 chunks · 11,003 charactersRemove",
      "empty.txtskipped: emptyRemove",
      "zh-tea.md1 chunk · 320 charactersRemove",
      "tiny.mdskipped: too shortRemove",
      "en-page.html2 chunks · 2,776 charactersRemove",
    ]);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe("3 documents, 10 chunks; 2 skipped.");
    const skipped = view.container.querySelector(".ds-doc-skipped span[title]");
    expect(skipped?.getAttribute("title")).toBe("empty.txt: has no text");
    // every chunk the app keeps is its document's text between its offsets
    for (const entry of useDocuments.getState().entries)
      if (entry.ok) for (const c of entry.chunks) expect(entry.document.text.slice(c.start, c.end)).toBe(c.text);

    await click(byName(view.container, "Remove tiny.md"));
    expect(useDocuments.getState().entries.map((e) => e.name)).toEqual(["en-long.md", "empty.txt", "zh-tea.md", "en-page.html"]);
  });

  test("in Chinese the list and the reasons are Chinese, and a file given again replaces its entry", async () => {
    setDocumentsWorkerFactory(inThreadWorker);
    act(() => useApp.setState({ lang: "zh" }));
    view = render(<DocumentsImport />);
    dropFiles([file("zh-panda.txt"), file("empty.txt")]);
    await until(() => expect(useDocuments.getState().reading).toBeNull(), 60_000);
    dropFiles([file("zh-panda.txt")]);
    await until(() => expect(useDocuments.getState().reading).toBeNull(), 60_000);
    const items = [...view.container.querySelectorAll(`[aria-label="文档"] li`)].map((li) => li.textContent);
    expect(items).toEqual(["empty.txt已跳过：空文件移除", "zh-panda.txt1 个文本块 · 72 个字符移除"]);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe("1 个文档，1 个文本块；跳过 1 个。");
    expect(view.container.querySelector('input[type="file"]')?.getAttribute("aria-label")).toBeNull();
    expect(view.container.querySelector('input[type="file"]')?.getAttribute("accept")).toBe(".md,.markdown,.txt,.html,.htm,.pdf,.docx");
  });
});
