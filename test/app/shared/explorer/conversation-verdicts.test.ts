import { describe, expect, it } from "vitest";
import { conversationVerdicts, verdictIsGood } from "../../../../src/app/shared/explorer/conversation/verdicts";
import { conversationSample, judgeTraces } from "./conversation-fixture";

const messageCount = conversationSample.messages!.length;

describe("conversation verdicts", () => {
  it("places statements under the assistant turn, the topic verdict under the user turn, the goal once", () => {
    const { byTurn, goal } = conversationVerdicts(messageCount, judgeTraces);
    expect([...byTurn.keys()].sort()).toEqual([0, 3]);
    expect(byTurn.get(3)).toEqual([
      { metric: "conversation_faithfulness", statement: "It is 18°C in Paris.", supported: true, reason: "The weather tool returned 18." },
      { metric: "conversation_faithfulness", statement: "It will rain later.", supported: false, reason: "No tool result mentions rain." },
    ]);
    expect(byTurn.get(0)).toEqual([{ metric: "topic_adherence", onTopic: true, answered: false, reason: "Booking is on topic but was not done." }]);
    expect(goal).toEqual({ reached: false, goal: "Weather and a booking", reason: "No table was booked." });
    expect(byTurn.get(3)!.map(verdictIsGood)).toEqual([true, false]);
    // On topic but refused is a miss; off topic and refused is what is wanted.
    expect(verdictIsGood(byTurn.get(0)![0]!)).toBe(false);
    expect(verdictIsGood({ metric: "topic_adherence", onTopic: false, answered: false, reason: "" })).toBe(true);
  });

  it("ignores a turn outside the conversation and an unreadable trace, keeping the rest", () => {
    const traces = {
      conversation_faithfulness: { trace: { turns: [{ turn: 9, statements: [{ text: "x", verdict: 1, reason: "r" }], evidence: 0 }], calls: [] } },
      topic_adherence: { trace: { mode: "f1", turns: [{ turn: 2, text: "t", onTopic: "yes", answered: 1, reason: "r" }] } },
      agent_goal_accuracy: { trace: { goal: "g", goalFrom: "reference", verdict: 1, reason: "Done.", calls: [] } },
    };
    const { byTurn, goal } = conversationVerdicts(messageCount, traces);
    expect(byTurn.size).toBe(0);
    expect(goal).toEqual({ reached: true, goal: "g", reason: "Done." });
  });

  it("shows nothing for a sample no judge scored, or whose traces were left out of the report", () => {
    expect(conversationVerdicts(messageCount, {})).toEqual({ byTurn: new Map(), goal: null });
    const summaryOnly = {
      conversation_faithfulness: { score: 0.5, trace: undefined },
      agent_goal_accuracy: undefined,
      tool_call_accuracy: { trace: { pairs: [] } },
    };
    expect(conversationVerdicts(messageCount, summaryOnly)).toEqual({ byTurn: new Map(), goal: null });
  });
});
