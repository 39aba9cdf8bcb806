// @vitest-environment happy-dom
import { act } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { useExplorerT } from "../../../../src/app/shared/explorer/messages";
import { useApp } from "../../../../src/app/shared/store";
import { render } from "../../render";

type Catalogue = ReturnType<typeof useExplorerT>;

/** The results explorer's strings as its components read them: through the hook, in each language. */
let seen: Catalogue | null = null;
function Probe() {
  const t = useExplorerT();
  seen = t;
  return <p>{t.summaryOf(3, 10)}</p>;
}

useApp.setState({ lang: "en" });
const view = render(<Probe />);
const en = seen!;
act(() => useApp.setState({ lang: "zh" }));
const zh = seen!;
const zhText = view.container.textContent;
act(() => useApp.setState({ lang: "en" }));
afterAll(() => view.unmount());

describe("the explorer's catalogue", () => {
  it("follows the app's language: a change of language re-renders in the other", () => {
    expect(zhText).toBe("显示 3 / 10 个样本");
    expect(view.container.textContent).toBe("3 of 10 samples shown");
  });

  it("both languages have every key, of the same kind (text or a function of as many arguments)", () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(40);
    for (const key of Object.keys(en) as (keyof Catalogue)[]) {
      const [a, b] = [en[key], zh[key]];
      expect(typeof b, key).toBe(typeof a);
      if (typeof a === "function") expect((b as (...x: never[]) => string).length, key).toBe(a.length);
      else expect(String(b).trim(), key).not.toBe("");
    }
    // Translated: every text differs from the English (the dash for no score is results/format.ts's, in no catalogue).
    const same = (Object.keys(en) as (keyof Catalogue)[]).filter((k) => typeof en[k] === "string" && en[k] === zh[k]);
    expect(same).toEqual([]);
  });

  it("interpolates its arguments in both languages", () => {
    expect(en.summaryOf(10, 10)).toBe("10 samples");
    expect(zh.summaryOf(10, 10)).toBe("10 个样本");
    expect(en.histogramOf("faithfulness")).toBe("faithfulness score histogram");
    expect(zh.histogramOf("faithfulness")).toBe("faithfulness 分数直方图");
    expect(en.binLabel("0.2", "0.4", 7)).toBe("0.2–0.4: 7");
    expect(zh.binLabel("0.2", "0.4", 7)).toBe("0.2–0.4：7");
    expect(en.sortBy("Mean", en.descending)).toBe("Mean, sorted descending");
    expect(zh.sortBy("均值", zh.descending)).toBe("均值，降序");
    expect(en.detailTitle("q7")).toBe("Sample q7");
    expect(zh.detailTitle("q7")).toBe("样本 q7");
    expect(en.traceUnreadable("bad JSON")).toBe("This sample's traces cannot be shown: bad JSON");
    expect(zh.traceUnreadable("bad JSON")).toBe("无法显示该样本的追踪：bad JSON");
    expect(en.disagreements(4)).toBe("4 rows disagree (one side null, or a change above the threshold)");
    expect(zh.disagreements(4)).toBe("4 行存在分歧（一方为空，或变化超过阈值）");
    expect(en.side("Run A")).toBe("Run A");
    expect(zh.side("Run A")).toBe("Run A");
  });

  it("the compare line names the samples left out only when there are some", () => {
    expect(en.matched(12, 0, 0)).toBe("12 samples matched by id");
    expect(en.matched(12, 2, 0)).toBe("12 samples matched by id (2 only in A, 0 only in B, left out)");
    expect(zh.matched(12, 0, 0)).toBe("按 ID 匹配了 12 个样本");
    expect(zh.matched(12, 0, 3)).toBe("按 ID 匹配了 12 个样本（仅 A 有 0 个，仅 B 有 3 个，未计入）");
  });
});
