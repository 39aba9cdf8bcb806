// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ConversationView } from "../../../../src/app/shared/explorer/conversation/ConversationView";
import { SampleDetail } from "../../../../src/app/shared/explorer/SampleDetail";
import { conversationModel, foldTurns, pairsOf } from "../../../../src/app/shared/explorer/conversation/model";
import { useApp } from "../../../../src/app/shared/store";
import { render, type Rendered } from "../../render";
import { accuracyTrace, conversationSample, judgeTraces } from "./conversation-fixture";

const sample = conversationSample;
const tracesOf = (s: typeof sample) => ({ tool_call_accuracy: { trace: accuracyTrace(s) } });

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe("conversation viewer model", () => {
  it("numbers calls across assistant turns and marks matched, extra and missing from the trace's pairs", () => {
    const paired = pairsOf(tracesOf(sample));
    expect(paired).toEqual({
      pairedBy: "tool_call_accuracy",
      pairs: [
        { reference: 0, predicted: 0 },
        { reference: 1, predicted: null },
        { reference: null, predicted: 1 },
      ],
    });
    const model = conversationModel(sample, paired!.pairs, paired!.pairedBy);
    expect(model.turns[1]!.calls.map((c) => [c.index, c.call.name, c.mark, c.partner])).toEqual([
      [0, "weather", "matched", 0],
      [1, "search", "extra", null],
    ]);
    expect(model.reference.map((c) => [c.index, c.mark, c.partner])).toEqual([
      [0, "matched", 0],
      [1, "missing", null],
    ]);
    // Without a readable trace the calls are shown unmarked.
    expect(pairsOf({ tool_call_f1: { trace: { pairs: [{ reference: 5, predicted: null }] } } })).toBeNull();
    expect(conversationModel(sample, null).reference.map((c) => c.mark)).toEqual([null, null]);
  });

  it("folds the middle of a conversation longer than 50 turns", () => {
    const turns = Array.from({ length: 120 }, (_, i) => i);
    const { head, folded, tail } = foldTurns(turns, false);
    expect([head.length, folded, tail.length, head[9], tail[0], tail.at(-1)]).toEqual([10, 70, 40, 9, 80, 119]);
    expect(foldTurns(turns, true).head).toHaveLength(120);
    expect(foldTurns(turns.slice(0, 50), false).folded).toBe(0);
  });
});

describe("ConversationView", () => {
  it("shows bubbles, tool cards with pretty args, and marks in words (en, zh)", () => {
    useApp.setState({ lang: "en" });
    view = render(<ConversationView sample={sample} metrics={tracesOf(sample)} />);
    const q = (sel: string) => view!.container.querySelector(sel);
    expect(q('[data-testid="turn-0"]')?.getAttribute("aria-label")).toBe("Turn 1: User");
    expect(q('[data-testid="turn-0"] .turn-text')?.textContent).toBe("Weather in Paris and book a table?");
    expect(q('[data-testid="turn-2"]')?.className).toBe("turn turn-tool");
    expect(q('[data-testid="predicted-call-0"] .tool-name')?.textContent).toBe("weather");
    expect(q('[data-testid="predicted-call-0"] .tool-args')?.textContent).toBe('{\n  "city": "Paris"\n}');
    expect(q('[data-testid="predicted-call-0"] .call-mark')?.textContent).toBe("matched: reference 1");
    expect(q('[data-testid="predicted-call-1"] .call-mark')?.textContent).toBe("extra: no reference call");
    expect(q('[data-testid="reference-call-1"] .call-mark')?.textContent).toBe("missing: never called");
    expect(q('[data-testid="reference-call-1"] .tool-args')?.textContent).toBe('{\n  "city": "Paris",\n  "people": 2\n}');
    expect(q('[data-testid="paired-by"]')?.textContent).toBe("Matches as paired by Tool call accuracy.");
    act(() => useApp.setState({ lang: "zh" }));
    expect(q('[data-testid="turn-0"]')?.getAttribute("aria-label")).toBe("第 1 轮：用户");
    expect(q('[data-testid="reference-call-1"] .call-mark')?.textContent).toBe("缺失：未被调用");
    expect(q('[data-testid="paired-by"]')?.textContent).toBe("匹配关系取自 工具调用准确率。");
    act(() => useApp.setState({ lang: "en" }));
  });

  it("shows the judges' verdicts under the turns they judge and the goal once at the end, in words (en, zh)", () => {
    useApp.setState({ lang: "en" });
    view = render(<ConversationView sample={sample} metrics={{ ...tracesOf(sample), ...judgeTraces }} />);
    const items = (turn: number) =>
      [...view!.container.querySelectorAll(`[data-testid="turn-${turn}"] .verdicts li`)].map((li) => [...li.children].map((c) => c.textContent));
    expect(view.container.querySelector('[data-testid="turn-3"] .verdicts')?.getAttribute("aria-label")).toBe("Judge verdicts on turn 4");
    expect(items(3)).toEqual([
      ["Conversation faithfulness", "supported", "It is 18°C in Paris.", "The weather tool returned 18."],
      ["Conversation faithfulness", "not supported", "It will rain later.", "No tool result mentions rain."],
    ]);
    expect(view.container.querySelectorAll('[data-testid="turn-3"] .verdicts li.verdict-bad')).toHaveLength(1);
    expect(items(0)).toEqual([["Topic adherence", "on topic, refused", "Booking is on topic but was not done."]]);
    expect(items(1)).toEqual([]);
    const goal = () => view!.container.querySelector('[data-testid="goal-verdict"]');
    // The goal verdict is the turns list's last item, after the last message.
    expect(view.container.querySelector(".turns")?.lastElementChild).toBe(goal());
    expect(goal()?.getAttribute("aria-label")).toBe("Goal verdict");
    expect([...goal()!.children].map((c) => c.textContent)).toEqual([
      "Agent goal accuracy",
      "goal not reached",
      "Goal: Weather and a booking",
      "No table was booked.",
    ]);
    act(() => useApp.setState({ lang: "zh" }));
    expect(items(3).map((v) => v.slice(0, 2))).toEqual([
      ["对话忠实度", "受支持"],
      ["对话忠实度", "不受支持"],
    ]);
    expect(items(0)[0]!.slice(0, 2)).toEqual(["话题遵循度", "话题内，已拒绝"]);
    expect(view.container.querySelector('[data-testid="turn-0"] .verdicts')?.getAttribute("aria-label")).toBe("第 1 轮的评判结论");
    expect(goal()?.getAttribute("aria-label")).toBe("目标评判");
    expect([...goal()!.children].slice(1, 3).map((c) => c.textContent)).toEqual(["未达成目标", "目标：Weather and a booking"]);
    act(() => useApp.setState({ lang: "en" }));
  });

  it("folds a 60-turn conversation and opens the folded turns on request", () => {
    const long = { messages: Array.from({ length: 60 }, (_, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content: `m${i}` })) };
    view = render(<ConversationView sample={long} metrics={{}} />);
    const turns = () => view!.container.querySelectorAll(".turn").length;
    expect(turns()).toBe(50);
    const button = view.container.querySelector<HTMLButtonElement>(".turns-folded button")!;
    expect(button.textContent).toBe("Show 10 more turns");
    act(() => button.click());
    expect(turns()).toBe(60);
    expect(view.container.querySelector('[data-testid="paired-by"]')?.textContent).toBe(
      "No tool-call metric ran on this sample: calls are shown without matches.",
    );
    // No judge ran: no verdicts anywhere.
    expect(view.container.querySelectorAll(".verdicts, .goal-verdict")).toHaveLength(0);
  });
});

describe("the explorer's sample detail", () => {
  it("shows the conversation of a sample with messages, and none for a plain sample", () => {
    const metrics = { tool_call_accuracy: { score: 0.5, trace: accuracyTrace(sample) } };
    view = render(<SampleDetail row={{ index: 0, sample, metrics }} metrics={["tool_call_accuracy"]} />);
    const conversation = view.container.querySelector('section[aria-label="Conversation"]');
    expect(conversation?.querySelector('[data-testid="predicted-call-1"] .call-mark')?.textContent).toBe("extra: no reference call");
    view.unmount();
    view = render(<SampleDetail row={{ index: 0, sample: { id: "p", question: "q", answer: "a", contexts: [] }, metrics: {} }} metrics={[]} />);
    expect(view.container.querySelector('section[aria-label="Conversation"]')).toBeNull();
  });
});
