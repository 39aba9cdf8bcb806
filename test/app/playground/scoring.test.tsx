// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { getBuiltInExample } from "../../../src/demo";
import { METRIC_IDS as ALL_METRIC_IDS, METRICS, needsNoModel, PAPER_METRIC_IDS, RETRIEVAL_METRIC_IDS } from "../../../src/engine";
import { refreshHistory, restoreLastSession } from "../../../src/app/shared/persist/history-sync";
import { scoreDraft } from "../../../src/app/playground/scoring";
import { useApp } from "../../../src/app/shared/store";
import { emptyDraft } from "../../../src/app/shared/store/sample-slice";
import { IDLE_SCORING } from "../../../src/app/shared/store/scoring-slice";
import { en } from "../../../src/app/shared/i18n/en";
import { MetricCard } from "../../../src/app/shared/results/MetricCard";
import type { TextMetricsFixture } from "../../engine/metrics/text/fixture";
import { fixturePath } from "../../fixture-path";
import { render, until } from "../render";
import { ResultsPanel } from "../../../src/app/playground/ResultsPanel";
import { withFetchRefused } from "../refused-fetch";

/** What the playground selects by default: the judge metrics (the others are one tick away). */
// The playground's default selection, the metrics the demo judge has replies for.
const METRIC_IDS = PAPER_METRIC_IDS;
// The judge-free metrics a pasted single-turn sample has inputs for: the tool-call ones need a
// conversation, the retrieval ones ids (test/e2e/retrieval.test.ts scores those).
const WITHOUT_IDS = ALL_METRIC_IDS.filter((id) => !(RETRIEVAL_METRIC_IDS as readonly string[]).includes(id));
const TEXT_METRICS = WITHOUT_IDS.filter((id) => needsNoModel(METRICS[id]) && METRICS[id].family !== "conversation");

describe("scoring from the store", () => {
  test("a built-in example without a key is scored by the demo judge, kept in history and restored", async () => {
    const example = getBuiltInExample("en-rocket-launch")!;
    useApp.getState().loadDraft(example.sample);
    const seen: string[] = [];
    const unsubscribe = useApp.subscribe((s, p) => {
      for (const id of METRIC_IDS) if (s.scoring.results[id] && !p.scoring.results[id]) seen.push(id);
    });
    await scoreDraft();
    unsubscribe();

    const { scoring, status } = useApp.getState();
    expect(scoring.status).toBe("done");
    expect(scoring.demo).toBe(true);
    expect(seen.sort()).toEqual([...METRIC_IDS].sort());
    for (const id of METRIC_IDS) expect(scoring.results[id]?.score, id).toEqual(expect.any(Number));
    expect(status(en)).toMatch(/^Scored 5 metrics in \d+\.\d s\.$/);

    await refreshHistory();
    const history = useApp.getState().history;
    expect(history).toHaveLength(1);
    expect(history[0]!.demo).toBe(true);
    expect(Object.keys(history[0]!.results).sort()).toEqual([...METRIC_IDS].sort());

    // A "reload": empty state, then the last session comes back from IndexedDB.
    useApp.setState({ draft: emptyDraft(), scoring: IDLE_SCORING });
    await restoreLastSession();
    const after = useApp.getState();
    expect(after.draft.question).toBe(example.sample.question);
    expect(after.draft.contexts.map((c) => c.text)).toEqual(example.sample.contexts);
    expect(Object.keys(after.scoring.results).sort()).toEqual([...METRIC_IDS].sort());
  });

  test("an edited sample without a key is not sent anywhere and the status says why", async () => {
    useApp.setState({ scoring: IDLE_SCORING, apiKey: "" });
    useApp.getState().loadDraft({ question: "Mine?", answer: "Yes.", contexts: ["Mine."] });
    await scoreDraft();
    const s = useApp.getState();
    expect(s.scoring.status).toBe("idle");
    expect(s.status(en)).toBe(en.sample.needKey);
  });

  test("without a key, a pasted sample is scored by the metrics that need no judge, with nothing sent", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({ scoring: IDLE_SCORING, apiKey: "", selected: [...WITHOUT_IDS] });
      useApp.getState().loadDraft({
        question: "Capital of France?",
        answer: "Paris is the capital of France.",
        contexts: ["Paris."],
        reference: "Paris is the capital of France.",
      });
      await scoreDraft();
      const s = useApp.getState();
      expect(s.scoring.status).toBe("done");
      expect(Object.keys(s.scoring.results).sort()).toEqual([...TEXT_METRICS].sort());
      for (const id of TEXT_METRICS) expect(s.scoring.results[id]?.score, id).toBe(1);
      expect(s.status(en)).toMatch(/^Scored 6 metrics in \d+\.\d s\.$/);
      expect(fetches).toEqual([]);
    }).finally(() => useApp.setState({ selected: [...METRIC_IDS] }));
  });
  test("without a key, a pasted OpenAI conversation is scored by the tool-call metrics, with nothing sent (issue 32)", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({ scoring: IDLE_SCORING, apiKey: "", selected: ["tool_call_accuracy", "tool_call_f1"] });
      useApp.getState().clearDraft();
      const [line] = readFileSync(fixturePath("conversation", "openai-agent.jsonl"), "utf8").split("\n");
      const agent = JSON.parse(line!) as { messages: unknown[]; reference_tool_calls: unknown[] };
      useApp.getState().setField("conversation", JSON.stringify(agent.messages));
      useApp.getState().setField("referenceToolCalls", JSON.stringify(agent.reference_tool_calls));
      await scoreDraft();
      const s = useApp.getState();
      expect(s.scoring.status).toBe("done");
      // weather_check matches; search_web is extra and convert_units missing: 1 of max(2, 2), and F1 of 1/2 and 1/2.
      expect(s.scoring.results.tool_call_accuracy?.score).toBe(0.5);
      expect(s.scoring.results.tool_call_f1?.score).toBe(0.5);
      expect(s.scoring.results.tool_call_accuracy?.trace).toMatchObject({
        pairs: [
          { reference: 0, predicted: 0 },
          { reference: 1, predicted: null },
          { reference: null, predicted: 1 },
        ],
      });
      expect(s.scoring.sample?.messages).toHaveLength(5);
      expect(fetches).toEqual([]);
      // The results show the conversation with the calls marked (its view loads in its own chunk).
      const view = render(<ResultsPanel />);
      const extra = await until(() => {
        const mark = view.container.querySelector('section[aria-label="Conversation"] [data-testid="predicted-call-1"] .call-mark');
        if (!mark) throw new Error("not shown yet");
        return mark.textContent;
      });
      expect(extra).toBe("extra: no reference call");
      expect(view.container.querySelector('[data-testid="reference-call-1"] .tool-name')?.textContent).toBe("convert_units");
      view.unmount();
    }).finally(() => useApp.setState({ selected: [...METRIC_IDS], draft: emptyDraft() }));
  });
  test("a refused option stops the score before any request, and the status says what it must be, in words", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({
        scoring: IDLE_SCORING,
        apiKey: "sk-test",
        selected: ["factual_correctness"],
        metricOptions: { factual_correctness: { beta: "-1" } },
        settings: { ...useApp.getState().settings, baseURL: "http://127.0.0.1:9/v1", model: "m" },
      });
      useApp.getState().loadDraft({ question: "Capital of France?", answer: "Paris.", contexts: ["Paris."], reference: "Paris." });
      await scoreDraft();
      const s = useApp.getState();
      expect(s.scoring.status).toBe("idle");
      expect(s.status(en)).toBe("Factual correctness: Beta must be a number greater than 0.");
      expect(fetches).toEqual([]);
    }).finally(() => useApp.setState({ selected: [...METRIC_IDS], metricOptions: {}, apiKey: "" }));
  });
  // Moved from the browser (test/e2e/judge-free.test.ts keeps the English sample's page): the
  // scores and the rouge_l card's tokens as the playground renders them, through scoreDraft and MetricCard.
  test("without a key, a Chinese sample is split one character a token, scored as sacreBLEU does, with nothing sent", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({ scoring: IDLE_SCORING, apiKey: "", selected: ["bleu", "rouge_l", "string_presence"] });
      useApp
        .getState()
        .loadDraft({ question: "法国的首都是哪里？", answer: "法国的首都是巴黎。", contexts: ["巴黎是法国的首都。"], reference: "巴黎是法国的首都。" });
      await scoreDraft();
      const { results } = useApp.getState().scoring;
      const shown = (id: "bleu" | "rouge_l" | "string_presence") => {
        const view = render(<MetricCard id={id} result={results[id]!} contexts={["巴黎是法国的首都。"]} />);
        const card = view.container.querySelector(`section[aria-label="${id} result"]`)!;
        const score = card.querySelector(`[data-testid="score-${id}"]`)!.textContent!.trim();
        const tokens = [...card.querySelectorAll('section[aria-label="Answer tokens"] li')].map((li) => li.textContent);
        view.unmount();
        return { score, tokens };
      };
      // The sacreBLEU values of test/engine/metrics/text/fixture.ts (read by path: under happy-dom its import.meta.url URL is not Node's).
      const fixture = JSON.parse(readFileSync(fixturePath("text-metrics", "text-metrics.json"), "utf8")) as TextMetricsFixture;
      const zh = fixture.bleu.find((c) => c.source === "ours" && c.answer === "法国的首都是巴黎。")!;
      expect(shown("bleu").score).toBe((zh.expected / 100).toFixed(2));
      expect(shown("rouge_l").tokens).toEqual(["法", "国", "的", "首", "都", "是", "巴", "黎"]);
      expect(shown("string_presence").score).toBe("0.00");
      expect(fetches).toEqual([]);
    }).finally(() => useApp.setState({ selected: [...METRIC_IDS] }));
  });

  test("without a key, graded relevance typed in the form scores NDCG with those gains; grades that do not parse stop Score", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({ scoring: IDLE_SCORING, apiKey: "", selected: ["ndcg_at_k", "hit_rate"] });
      useApp.getState().loadDraft({ question: "q", answer: "a", contexts: [], retrievedContextIds: ["d1", "d2", "d3"], referenceContextIds: ["d1", "d3"] });
      useApp.getState().setField("relevantGrades", "d1: 1\nd3 = 3");
      await scoreDraft();
      const { results } = useApp.getState().scoring;
      // DCG = 1/log2(2) + 3/log2(4) = 2.5; the ideal ranks d3 then d1: 3 + 1/log2(3) = 3.6309297535714578.
      expect(results.ndcg_at_k?.score).toBeCloseTo(2.5 / 3.6309297535714578, 12);
      expect(results.ndcg_at_k?.trace).toMatchObject({ relevantCount: 2, relevantGains: [3, 1], retrieved: [{ gain: 1 }, { gain: 0 }, { gain: 3 }] });
      expect(results.hit_rate?.score).toBe(1);

      useApp.setState({ scoring: IDLE_SCORING });
      useApp.getState().setField("relevantGrades", "d1: 1\nd3: high");
      await scoreDraft();
      const s = useApp.getState();
      expect(s.scoring.status).toBe("idle");
      expect(s.status(en)).toBe('Relevance grades: entry 2: the grade of "d3" is "high", expected a number >= 0');
      expect(fetches).toEqual([]);
    }).finally(() => useApp.setState({ selected: [...METRIC_IDS], draft: emptyDraft() }));
  });
});
