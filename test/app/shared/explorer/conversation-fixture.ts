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
