import { pairCalls, predictedCalls } from "../../../../src/engine/metrics/shared/tool-call-match";
import type { Sample } from "../../../../src/engine/sample";

/** A weather agent: one call matches the reference, one is extra, one reference call is never made. */
export const conversationSample: Sample = {
  id: "c1",
  question: "Weather in Paris and book a table?",
  answer: "18°C in Paris.",
  contexts: [],
  messages: [
    { role: "user", content: "Weather in Paris and book a table?" },
    {
      role: "assistant",
      content: "",
      toolCalls: [
        { name: "weather", args: { city: "Paris" } },
        { name: "search", args: { q: "restaurants" } },
      ],
    },
    { role: "tool", content: '{"temp": 18}' },
    { role: "assistant", content: "18°C in Paris." },
  ],
  referenceToolCalls: [
    { name: "weather", args: { city: "Paris" } },
    { name: "book_table", args: { city: "Paris", people: 2 } },
  ],
};

/** The trace as tool_call_accuracy's run makes it (strict order), so the viewers read what a run stores. */
export function accuracyTrace(s: Pick<Sample, "messages" | "referenceToolCalls">) {
  return { order: "strict" as const, pairs: pairCalls(s.referenceToolCalls ?? [], predictedCalls(s), "strict"), calls: [] };
}

/** Traces as the three conversation judges store them; `turn` is the judged message's 0-based position. */
export const judgeTraces = {
  conversation_faithfulness: {
    trace: {
      turns: [
        {
          turn: 3,
          statements: [
            { text: "It is 18°C in Paris.", verdict: 1, reason: "The weather tool returned 18." },
            { text: "It will rain later.", verdict: 0, reason: "No tool result mentions rain." },
          ],
          evidence: 1,
        },
      ],
      note: null,
      calls: [],
    },
  },
  topic_adherence: {
    trace: {
      mode: "f1",
      turns: [{ turn: 0, text: "Weather in Paris and book a table?", onTopic: 1, answered: 0, reason: "Booking is on topic but was not done." }],
      note: null,
      calls: [],
    },
  },
  agent_goal_accuracy: {
    trace: { goal: "Weather and a booking", goalFrom: "judge", verdict: 0, reason: "No table was booked.", note: null, calls: [] },
  },
};
