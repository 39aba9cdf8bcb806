// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { RetrievalPanel } from "../../../../src/app/shared/explorer/RetrievalPanel";
import { useApp } from "../../../../src/app/shared/store";
import type { Sample } from "../../../../src/engine/sample";
import type { Report } from "../../../../src/storage/format/report-schema";
import { fakeReport } from "../../../storage/format/report-fixture";
import { render, type Rendered } from "../../render";

/**
 * A run scored with context precision only: the sample without ids gets hit rate, MRR and NDCG
 * from the judge's verdicts, and the samples with ids are checked against those verdicts.
 */
const cp = (...v: (0 | 1)[]) => ({ score: 0.5, trace: { contexts: v.map((verdict, index) => ({ index, verdict, reason: "" })), calls: [] } });
const samples: Sample[] = [
  { id: "a", question: "q", answer: "a", contexts: ["A", "X"], retrievedContextIds: ["a", "x"], referenceContextIds: ["a"] },
  { id: "b", question: "q", answer: "a", contexts: ["P", "Q"] },
];
function report(): Report {
  const base = fakeReport();
  return {
    ...base,
    samples,
    results: [
      { sampleId: "a", metrics: { context_precision: cp(1, 1) } },
      { sampleId: "b", metrics: { context_precision: cp(0, 1) } },
    ],
  };
}

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe("retrieval by rank in the results explorer", () => {
  it("says where labels came from, scores the sample without ids from the judge, and counts the judge against the ids (en, zh)", () => {
    useApp.setState({ lang: "en" });
    view = render(<RetrievalPanel report={report()} />);
    const text = (id: string) => view!.container.querySelector(`[data-testid="${id}"]`)?.textContent;
    // Sample a has ids but no id metric was run, so only b has a ranking (from the judge).
    expect(text("label-sources")).toBe(
      "Relevance labels: 0 samples from the reference ids, 1 from the context precision judge's per-context verdicts (samples without ids).",
    );
    expect(text("judge-labels")).toBe(
      `Without ids, from the judge's verdicts (1 sample): hit rate 1.000, MRR 0.500, NDCG@10 ${(1 / Math.log2(3)).toFixed(3)}.`,
    );
    expect(text("verdict-agreement")).toBe("The context precision judge agrees with the reference ids on 50.0% of 2 contexts (1 sample).");
    // The confusion counts: a is relevant and useful, x useful but not relevant.
    const counts = [...view.container.querySelectorAll('[data-testid="verdict-confusion"] tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(counts).toEqual([
      ["judge: useful", "1", "1"],
      ["judge: not useful", "0", "0"],
    ]);
    expect(view.container.querySelectorAll('[data-testid="k-sweep-table"] tbody tr')).toHaveLength(5);
    act(() => useApp.setState({ lang: "zh" }));
    expect(text("verdict-agreement")).toContain("上下文精确率评审与参考编号在 2 段上下文中一致的比例为 50.0%");
    act(() => useApp.setState({ lang: "en" }));
  });

  it("shows nothing for a run with neither ids nor context precision", () => {
    const base = fakeReport();
    view = render(<RetrievalPanel report={{ ...base, results: base.results.map((r) => ({ ...r, metrics: {} })) }} />);
    expect(view.container.textContent).toBe("");
  });
});
