// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseArgs } from "../../../src/cli/args";
import { flagHelp } from "../../../src/cli/flags";
import { en } from "../../../src/app/shared/i18n/en";
import { zh } from "../../../src/app/shared/i18n/zh";
import { optionFields, pickerRows } from "../../../src/app/shared/metric-picker/groups";
import { lowerIsBetter, metricLabel } from "../../../src/app/shared/results/labels";
import { MetricCard } from "../../../src/app/shared/results/MetricCard";
import { useApp } from "../../../src/app/shared/store";
import { diffTraces } from "../../../src/app/studio/logic/trace-diff";
import { TraceDiffView } from "../../../src/app/studio/TraceDiffView";
import { evaluate, getMetric, isMetricId, METRIC_IDS, PAPER_METRIC_IDS } from "../../../src/engine";
import { LOWER_IS_BETTER } from "../../../src/engine/metrics/types";
import { batchRoundsFor } from "../../../src/engine/run/batch-plan";
import { render, type Rendered } from "../../app/render";

/**
 * DESIGN.md / docs/architecture.md: a metric is one folder plus its registry line. A throwaway metric
 * (test/engine/metrics/toy, what a new folder exports) is added to the registry here, and nothing
 * else: the picker, the catalogues' names, the card's summary and trace, the studio's diff, the batch
 * plan and the CLI's --metrics all pick it up.
 */
vi.mock("../../../src/engine/metrics/built-in", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../src/engine/metrics/built-in")>();
  const { wordOverlap } = await import("./toy/word-overlap");
  return { BUILT_IN_METRICS: { ...original.BUILT_IN_METRICS, word_overlap: wordOverlap } };
});

const ID = "word_overlap" as (typeof METRIC_IDS)[number];
const sample = { id: "s1", question: "Where is Paris?", answer: "Paris is in France.", contexts: [], reference: "Paris lies in France" };

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  useApp.setState({ lang: "en" });
});

describe("a metric is one folder plus one registry line", () => {
  it("is a known id, after the built-in ones, in no default selection, and reads lower-is-better from its folder", () => {
    expect(isMetricId("word_overlap")).toBe(true);
    expect(METRIC_IDS.at(-1)).toBe("word_overlap");
    expect(METRIC_IDS).toHaveLength(32);
    expect(PAPER_METRIC_IDS).toEqual(["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"]);
    expect(LOWER_IS_BETTER).toEqual(["noise_sensitivity", "word_overlap"]);
    expect(lowerIsBetter("word_overlap")).toBe(true);
    expect(getMetric(ID).family).toBe("retrieval");
  });

  it("the picker lists it with its group, inputs, cost, description and option fields; the catalogues name it", () => {
    const row = pickerRows(sample, [], {}).find((r) => r.id === ID);
    expect(row).toMatchObject({ group: "none", requires: ["answer", "reference"], chat: 0, embedding: 0 });
    expect(row!.descriptions.zh).toBe("参考答案中的词有多少出现在回答里。");
    expect(optionFields(ID)).toEqual([{ key: "mode", kind: "select", values: ["strict", "loose"] }]);
    expect(en.metrics[ID]).toBe("Word overlap");
    expect(zh.metrics[ID]).toBe("词语重合");
    expect(metricLabel(zh, "word_overlap")).toBe("词语重合");
  });

  it("scores, and its card tells the summary in the UI language, with its trace shown by the generic view", async () => {
    const out = await evaluate([sample], [ID], { judge: undefined, embedder: undefined, concurrency: 1 });
    const result = out.results[0]!.metrics[ID]!;
    expect(result.score).toBeCloseTo(3 / 4, 10);
    view = render(<MetricCard id={ID} result={result} contexts={[]} />);
    const card = view.container.querySelector("section.metric-card")!;
    expect(card.querySelector("h3")!.textContent).toBe("Word overlap");
    expect(card.querySelector(".reason")!.textContent).toBe("3 of 4 reference words are in the answer.");
    expect(card.querySelector(".badge-lower")!.textContent).toBe(en.more.lowerIsBetter);
    // One item per word, its flag marked (✓ found, ✗ not), under the trace field's name.
    const items = [...card.querySelectorAll(".trace-generic li")].map((li) => [li.className, li.querySelector(".item-text")!.textContent]);
    expect(items).toEqual([
      ["item-yes", "paris"],
      ["item-no", "lies"],
      ["item-yes", "in"],
      ["item-yes", "france"],
    ]);
    expect(card.querySelector(".trace-generic h4")!.textContent).toBe("words");
    expect(card.querySelectorAll(".trace-generic .verdict-yes")).toHaveLength(3);
    view.unmount();
    useApp.setState({ lang: "zh" });
    view = render(<MetricCard id={ID} result={result} contexts={[]} />);
    expect(view.container.querySelector(".reason")!.textContent).toBe("参考答案的 4 个词中有 3 个在回答里。");
    expect(view.container.querySelector("h3")!.textContent).toBe("词语重合");
  });

  it("the studio diffs two of its traces by its own items, naming the flags in the UI language", () => {
    const before = {
      words: [
        { text: "paris", found: 1 },
        { text: "lies", found: 0 },
      ],
      calls: [],
    };
    const after = {
      words: [
        { text: "paris", found: 0 },
        { text: "rome", found: 1 },
      ],
      calls: [],
    };
    const diff = diffTraces("word_overlap", before, after);
    expect(diff).toEqual({
      valueKind: "flag",
      unchanged: 0,
      changes: [
        { kind: "changed", text: "paris", before: 1, after: 0 },
        { kind: "removed", text: "lies", before: 0 },
        { kind: "added", text: "rome", after: 1 },
      ],
    });
    useApp.setState({ lang: "zh" });
    view = render(<TraceDiffView metricId="word_overlap" diff={diff} />);
    const first = view.container.querySelector("[data-testid=trace-change]")!;
    expect(first.querySelector(".trace-change-values")!.textContent).toBe("找到 → 缺失");
  });

  it("the batch plan takes its rounds, and the CLI lists and accepts it (no judge: no --base-url needed)", () => {
    expect(batchRoundsFor(["faithfulness", "word_overlap"])).toBe(3);
    expect(batchRoundsFor(["faithfulness"])).toBe(2);
    const cmd = parseArgs(["score", "--input", "x.csv", "--metrics", "bleu,word_overlap"], {});
    expect(cmd.command === "score" && cmd.args.metrics).toEqual(["bleu", "word_overlap"]);
    const help = flagHelp("score").options;
    expect(help).toMatch(/r_precision,\s+word_overlap,\s+and custom:<slug>/);
    expect(help).toMatch(
      /no judge, no key:\s+bleu, chrf, rouge_l, string_similarity, exact_match,\s+string_presence,\s+tool_call_accuracy,\s+tool_call_f1,\s+id_context_precision,[^;]*r_precision,\s+word_overlap\n/,
    );
    expect(help).toMatch(/needs no judge:\s+bleu, chrf, rouge_l,[^(]*ndcg_at_k, r_precision,\s+word_overlap\n/);
  });
});
