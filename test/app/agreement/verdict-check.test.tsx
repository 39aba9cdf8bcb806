// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { VerdictCheck } from "../../../src/app/agreement/VerdictCheck";
import type { VerdictRunSource } from "../../../src/app/agreement/verdict-runs";
import { useApp } from "../../../src/app/shared/store";
import type { JournalEntry } from "../../../src/engine/run/journal";
import type { Sample } from "../../../src/engine/sample";
import { accessibleName, render, type Rendered, until } from "../render";

/**
 * The Agreement tab's check of the context precision judge against a run's reference ids. The
 * run comes from an injected source (the app's reads IndexedDB); the counts are worked by hand.
 */
const verdicts = (...v: (0 | 1)[]) => ({
  context_precision: { score: 0.5, trace: { contexts: v.map((verdict, index) => ({ index, verdict, reason: "" })), calls: [] } },
});
const samples: Sample[] = [
  // a and c relevant; the judge finds a and b useful: both 1 (a), judge only 1 (b), ids only 1 (c).
  { id: "s1", question: "q", answer: "a", contexts: ["A", "B", "C"], retrievedContextIds: ["a", "b", "c"], referenceContextIds: ["a", "c"] },
  // Graded: d is graded 0 (not relevant), e is 2; the judge finds only e useful: neither 1 (d), both 1 (e).
  { id: "s2", question: "q", answer: "a", contexts: ["D", "E"], retrievedContextIds: ["d", "e"], referenceContextGrades: { d: 0, e: 2 } },
  // Three contexts but two ids: cannot be paired, left out and said.
  { id: "s3", question: "q", answer: "a", contexts: ["X", "Y", "Z"], retrievedContextIds: ["x", "y"], referenceContextIds: ["x"] },
  // No ids at all: not part of the check.
  { id: "s4", question: "q", answer: "a", contexts: ["P"] },
];
const entries: JournalEntry[] = [
  { sampleId: "s1", repeat: 0, metrics: verdicts(1, 1, 0) },
  { sampleId: "s2", repeat: 0, metrics: verdicts(0, 1) },
  { sampleId: "s3", repeat: 0, metrics: verdicts(1, 0, 1) },
  { sampleId: "s4", repeat: 0, metrics: verdicts(1) },
  // A second repeat disagrees everywhere: the check reads the first, as the run's report does.
  { sampleId: "s1", repeat: 1, metrics: verdicts(0, 0, 1) },
];
const source: VerdictRunSource = {
  list: async () => [
    { id: "r-both", dataset: "Docs QA", name: "run 1" },
    { id: "r-none", dataset: "Docs QA", name: "run 2" },
    { id: "r-broken", dataset: "Docs QA", name: "run 3" },
  ],
  load: async (id) => {
    if (id === "r-broken") throw new Error("the run's samples are unreadable");
    return id === "r-both" ? { samples, entries } : { samples: [samples[3]!], entries: [entries[3]!] };
  },
};

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  act(() => useApp.setState({ lang: "en" }));
});

const choose = async (select: HTMLSelectElement, value: string) => {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
};
const cells = (root: ParentNode) => [...root.querySelectorAll('[data-testid="verdict-confusion"] tr')].map((tr) => [...tr.children].map((c) => c.textContent));

describe("the Agreement tab's judge-versus-ids check", () => {
  it("counts a run's first verdicts against its ids by hand, in English and Chinese; a run without both says so", async () => {
    act(() => useApp.setState({ lang: "en" }));
    view = render(<VerdictCheck source={source} />);
    const select = await until(() => view!.container.querySelector("select")!);
    expect(accessibleName(select)).toMatch(/^Run\b/);
    expect([...select.options].map((o) => o.textContent)).toEqual(["Choose a run…", "Docs QA · run 1", "Docs QA · run 2", "Docs QA · run 3"]);

    await choose(select, "r-both");
    const line = await until(() => view!.container.querySelector('[data-testid="verdict-agreement"]')!);
    // Agree: a, e (both) and d (neither) = 3 of 5 contexts, over s1 and s2.
    expect(line.textContent).toBe("The context precision judge agrees with the reference ids on 60.0% of 5 contexts (2 samples).");
    expect(cells(view.container)).toEqual([
      ["", "ids: relevant", "ids: not relevant"],
      ["judge: useful", "2", "1"],
      ["judge: not useful", "1", "1"],
    ]);
    expect(view.container.textContent).toContain("1 sample was left out: their contexts and ids differ in number.");

    act(() => useApp.setState({ lang: "zh" }));
    expect(view.container.querySelector('[data-testid="verdict-agreement"]')!.textContent).toBe(
      "上下文精确率评审与参考编号在 5 段上下文中一致的比例为 60.0%（2 个样本）。",
    );
    expect(cells(view.container)[1]).toEqual(["评审：有用", "2", "1"]);
    expect(view.container.querySelector("h3")!.textContent).toBe("评审判断与参考编号");

    act(() => useApp.setState({ lang: "en" }));
    await choose(select, "r-none");
    const nothing = await until(() => view!.container.querySelector('[data-testid="verdict-nothing"]')!);
    expect(nothing.textContent).toBe("This run has no sample with both context precision verdicts and reference ids.");
    expect(view.container.querySelector('[data-testid="verdict-confusion"]')).toBeNull();

    await choose(select, "r-broken");
    const failed = await until(() => view!.container.querySelector('[role="alert"]')!);
    expect(failed.textContent).toBe("Could not load the data: the run's samples are unreadable");
  });

  it("says when no run scored context precision", async () => {
    view = render(<VerdictCheck source={{ list: async () => [], load: source.load }} />);
    const none = await until(() => [...view!.container.querySelectorAll("p")].find((p) => p.textContent?.startsWith("No dataset run"))!);
    expect(none.textContent).toBe("No dataset run has scored context precision yet.");
    expect(view.container.querySelector("select")).toBeNull();
  });
});
