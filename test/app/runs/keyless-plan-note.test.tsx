// @vitest-environment happy-dom
import { act } from "react";
import { describe, expect, test } from "vitest";
import { KeylessPlanNote, KeylessSkipNote } from "../../../src/app/runs/KeylessNote";
import { useRuns } from "../../../src/app/runs/run-state";
import { useApp } from "../../../src/app/shared/store";
import type { CustomJudge } from "../../../src/engine";
import { render } from "../render";

/** The run form says, before Start, what a run with no key will score and skip; the run's result says what it skipped. */

const politeness: CustomJudge = {
  slug: "politeness",
  name: "Politeness",
  definition: "The answer is polite.",
  inputs: ["answer"],
  scale: "binary",
  strictness: 1,
  version: 1,
};

const text = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

describe("the run form with no key", () => {
  test("names the metrics that will run and those skipped, in English and Chinese", async () => {
    useApp.setState({ lang: "en" });
    const view = render(<KeylessPlanNote metrics={["faithfulness", "bleu", "custom:politeness", "rouge_l"]} judges={[politeness]} />);
    expect(text(view.container, "keyless-plan")).toBe(
      "No API key: Start run scores BLEU, ROUGE-L (no judge needed) and skips Faithfulness, Politeness (they need a judge). Open Settings",
    );
    await act(async () => useApp.setState({ lang: "zh" }));
    expect(text(view.container, "keyless-plan")).toBe(
      "没有 API 密钥：“开始运行”将计算BLEU、ROUGE-L（无需评审），并跳过忠实度、Politeness（它们需要评审模型）。 打开设置",
    );
    view.unmount();
  });

  test("with only judge metrics it says a key is needed; with only free metrics it says nothing", () => {
    useApp.setState({ lang: "en" });
    const judged = render(<KeylessPlanNote metrics={["faithfulness"]} judges={[]} />);
    expect(text(judged.container, "keyless-plan")).toBe(
      "No API key: every chosen metric needs a judge. Add a key in Settings, or choose metrics marked “no judge”. Open Settings",
    );
    judged.unmount();
    const free = render(<KeylessPlanNote metrics={["bleu", "exact_match"]} judges={[]} />);
    expect(text(free.container, "keyless-plan")).toBeNull();
    free.unmount();
  });

  test("the run's result names what was skipped, only for the run that skipped it", () => {
    useApp.setState({ lang: "en" });
    useRuns.setState({ keylessSkips: { "run-1": ["context_recall", "custom:politeness"] } });
    const skipped = render(<KeylessSkipNote runId="run-1" judges={[politeness]} />);
    expect(text(skipped.container, "keyless-skipped")).toBe(
      "Run without an API key: Context recall, Politeness were skipped (they need a judge). Add a key in Settings and start a run with them.",
    );
    skipped.unmount();
    const other = render(<KeylessSkipNote runId="run-2" judges={[]} />);
    expect(text(other.container, "keyless-skipped")).toBeNull();
    other.unmount();
  });
});
