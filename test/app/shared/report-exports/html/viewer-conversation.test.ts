// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { buildReportHtml } from "../../../../../src/app/shared/report-exports/html/report-html";
import { currentReportsT } from "../../../../../src/app/shared/report-exports/messages";
import { useApp } from "../../../../../src/app/shared/store";
import type { Report } from "../../../../../src/storage/format/report-schema";
import { fakeReport } from "../../../../storage/format/report-fixture";
import { accuracyTrace, conversationSample, judgeTraces } from "../../explorer/conversation-fixture";

/** A report of one conversation sample scored by tool call accuracy and the three conversation judges, and one 60-turn conversation without a pairing metric. */
function conversationReport(): Report {
  const base = fakeReport();
  const long = {
    id: "long",
    question: "",
    answer: "",
    contexts: [],
    messages: Array.from({ length: 60 }, (_, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content: `m${i}` })),
  };
  return {
    ...base,
    config: { ...base.config, metrics: ["tool_call_accuracy", "conversation_faithfulness", "topic_adherence", "agent_goal_accuracy"] },
    samples: [conversationSample, long],
    results: [
      {
        sampleId: "c1",
        metrics: {
          tool_call_accuracy: { score: 1 / 3, trace: accuracyTrace(conversationSample) },
          conversation_faithfulness: { score: 0.5, trace: judgeTraces.conversation_faithfulness.trace },
          // A hand-edited turn beyond the conversation is ignored, the rest still shows.
          topic_adherence: {
            score: 0,
            trace: {
              ...judgeTraces.topic_adherence.trace,
              turns: [...judgeTraces.topic_adherence.trace.turns, { ...judgeTraces.topic_adherence.trace.turns[0]!, turn: 9 }],
            },
          },
          agent_goal_accuracy: { score: 0, trace: judgeTraces.agent_goal_accuracy.trace },
        },
      },
      { sampleId: "long", metrics: {} },
    ],
  };
}

/** Runs the file's viewer on its body, as opening the file does, and opens sample `id`. */
async function openSample(lang: "en" | "zh", id: string): Promise<HTMLElement> {
  useApp.setState({ lang });
  const html = await buildReportHtml(conversationReport(), { ...currentReportsT().html }, lang, {
    names:
      lang === "en"
        ? {
            tool_call_accuracy: "Tool call accuracy",
            conversation_faithfulness: "Conversation faithfulness",
            topic_adherence: "Topic adherence",
            agent_goal_accuracy: "Agent goal accuracy",
          }
        : {
            tool_call_accuracy: "工具调用准确率",
            conversation_faithfulness: "对话忠实度",
            topic_adherence: "话题遵循度",
            agent_goal_accuracy: "智能体目标达成率",
          },
    lowerIsBetter: [],
    lowerIsBetterLabel: "",
  });
  document.documentElement.lang = html.match(/<html lang="([^"]+)">/)![1]!;
  const body = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const script = body.match(/<script>([\s\S]*?)<\/script>/)![1]!;
  document.body.innerHTML = body.replace(/<script>[\s\S]*?<\/script>/, "");
  new Function(script)();
  const row = document.querySelector<HTMLDetailsElement>(`details.row[data-id="${id}"]`)!;
  row.open = true;
  row.dispatchEvent(new Event("toggle"));
  return row.querySelector<HTMLElement>("section.conversation")!;
}

describe("the HTML export's conversation viewer", () => {
  it("shows turns, tool cards with pretty args and matched / extra / missing in words (en, zh)", async () => {
    const en = await openSample("en", "c1");
    const q = (root: HTMLElement, sel: string) => root.querySelector(sel)?.textContent;
    expect(en.getAttribute("aria-label")).toBe("Conversation");
    expect(en.querySelector('[data-testid="turn-0"]')?.getAttribute("aria-label")).toBe("Turn 1: User");
    expect(q(en, '[data-testid="turn-0"] .turn-text')).toBe("Weather in Paris and book a table?");
    expect(en.querySelector('[data-testid="turn-2"]')?.className).toBe("turn turn-tool");
    expect(q(en, '[data-testid="predicted-call-0"] .tool-name')).toBe("weather");
    expect(q(en, '[data-testid="predicted-call-0"] .tool-args')).toBe('{\n  "city": "Paris"\n}');
    expect(q(en, '[data-testid="predicted-call-0"] .call-mark')).toBe(" matched: reference 1");
    expect(q(en, '[data-testid="predicted-call-1"] .call-mark')).toBe(" extra: no reference call");
    expect(q(en, '[data-testid="reference-call-1"] .call-mark')).toBe(" missing: never called");
    expect(q(en, '[data-testid="reference-call-1"] .tool-args')).toBe('{\n  "city": "Paris",\n  "people": 2\n}');
    expect(q(en, '[data-testid="paired-by"]')).toBe("Matches as paired by Tool call accuracy.");

    const zh = await openSample("zh", "c1");
    expect(zh.querySelector('[data-testid="turn-0"]')?.getAttribute("aria-label")).toBe("第 1 轮：用户");
    expect(q(zh, '[data-testid="reference-call-1"] .call-mark')).toBe(" 缺失：未被调用");
    expect(q(zh, '[data-testid="paired-by"]')).toBe("匹配关系取自 工具调用准确率。");
    useApp.setState({ lang: "en" });
  });

  it("shows the judges' verdicts under the turns they judge and the goal once at the end, in words (en, zh)", async () => {
    /** Each verdict of a turn as the texts of its parts. */
    const items = (root: HTMLElement, turn: number) =>
      [...root.querySelectorAll(`[data-testid="turn-${turn}"] .verdicts li`)].map((li) => [...li.children].map((c) => c.textContent));
    const en = await openSample("en", "c1");
    expect(en.querySelector('[data-testid="turn-3"] .verdicts')?.getAttribute("aria-label")).toBe("Judge verdicts on turn 4");
    expect(items(en, 3)).toEqual([
      ["Conversation faithfulness", "supported", "It is 18°C in Paris.", "The weather tool returned 18."],
      ["Conversation faithfulness", "not supported", "It will rain later.", "No tool result mentions rain."],
    ]);
    expect(en.querySelectorAll('[data-testid="turn-3"] .verdict-bad')).toHaveLength(1);
    expect(items(en, 0)).toEqual([["Topic adherence", "on topic, refused", "Booking is on topic but was not done."]]);
    expect(items(en, 1)).toEqual([]);
    expect(en.querySelectorAll(".verdicts li")).toHaveLength(3);
    const goal = en.querySelector('[data-testid="goal-verdict"]')!;
    expect(en.querySelector("ol.turns")?.lastElementChild).toBe(goal);
    expect(goal.getAttribute("aria-label")).toBe("Goal verdict");
    expect([...goal.children].map((c) => c.textContent)).toEqual([
      "Agent goal accuracy",
      "goal not reached",
      "Goal: Weather and a booking",
      "No table was booked.",
    ]);

    const zh = await openSample("zh", "c1");
    expect(items(zh, 3).map((v) => v.slice(0, 2))).toEqual([
      ["对话忠实度", "受支持"],
      ["对话忠实度", "不受支持"],
    ]);
    expect(items(zh, 0)[0]!.slice(0, 2)).toEqual(["话题遵循度", "话题内，已拒绝"]);
    expect(zh.querySelector('[data-testid="turn-0"] .verdicts')?.getAttribute("aria-label")).toBe("第 1 轮的评判结论");
    expect([...zh.querySelector('[data-testid="goal-verdict"]')!.children].slice(1, 3).map((c) => c.textContent)).toEqual([
      "未达成目标",
      "目标：Weather and a booking",
    ]);
    useApp.setState({ lang: "en" });
  });

  it("folds a 60-turn conversation's middle behind a button, and says no pairing ran", async () => {
    const view = await openSample("en", "long");
    expect(view.querySelectorAll(".turn")).toHaveLength(50);
    const more = view.querySelector<HTMLButtonElement>(".turns-folded button")!;
    expect(more.textContent).toBe("Show 10 more turns");
    more.click();
    expect([...view.querySelectorAll(".turn-text")].map((t) => t.textContent)).toEqual(Array.from({ length: 60 }, (_, i) => `m${i}`));
    expect(view.querySelector('[data-testid="paired-by"]')?.textContent).toBe("No tool-call metric ran on this sample: calls are shown without matches.");
    // No judge scored it: no verdicts anywhere.
    expect(view.querySelectorAll(".verdicts, .goal-verdict")).toHaveLength(0);
  });
});
