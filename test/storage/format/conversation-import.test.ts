import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSamples } from "../../../src/storage/format/samples-file";

/** Contract 16's importers, on files written by test/fixtures/conversation/make_fixtures.py. */
const fixture = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(new URL(`../../fixtures/conversation/${name}`, import.meta.url))) });

const weather = { name: "weather_check", args: { location: "Paris", units: { temp: "C" } } };
const booking = { name: "book_table", args: { restaurant: "老北京", people: 2 } };

describe("conversation import (contract 16)", () => {
  it("reads ragas's multi-turn JSON: user_input turns (human / ai / tool), tool_calls, reference calls, topics and goal", async () => {
    const file = await readSamples(fixture("ragas-multiturn.json"));
    expect(file.errors).toEqual([]);
    expect(file.samples).toEqual([
      {
        id: "row-1",
        question: "",
        answer: "",
        contexts: [],
        reference: "The user learns the weather in Paris.",
        messages: [
          { role: "user", content: "What's the weather in Paris?" },
          { role: "assistant", content: "", toolCalls: [weather] },
          { role: "tool", content: "18 C, sunny" },
          { role: "assistant", content: "It is 18 C and sunny in Paris." },
        ],
        referenceToolCalls: [{ name: "weather_check", args: { location: "Paris" } }],
        referenceTopics: ["weather"],
      },
      {
        id: "row-2",
        question: "",
        answer: "",
        contexts: [],
        messages: [
          { role: "user", content: "帮我订两个人的位子，老北京餐厅。" },
          { role: "assistant", content: "好的。", toolCalls: [booking] },
          { role: "tool", content: "已预订" },
        ],
        referenceToolCalls: [booking],
      },
    ]);
    expect(file.warnings).toEqual([]);
  });

  it("reads OpenAI chat messages from JSONL: JSON-string arguments parsed, the system turn dropped, content null read as empty", async () => {
    const file = await readSamples(fixture("openai.jsonl"));
    expect(file.errors).toEqual([]);
    expect(file.samples.map((s) => s.id)).toEqual(["conv-1", "conv-2"]);
    expect(file.samples[0]!.messages).toEqual([
      { role: "user", content: "Weather in Paris, then book a table for 2 at 老北京." },
      { role: "assistant", content: "", toolCalls: [weather, booking] },
      { role: "tool", content: "18 C" },
      { role: "tool", content: "booked" },
      { role: "assistant", content: "Done: 18 C, table booked." },
    ]);
    expect(file.samples[0]!.referenceToolCalls).toEqual([weather, booking]);
  });

  // Turns count as in the file (the system turn is message 1), so the user finds the call.
  it("reports bad JSON arguments by row and field, and imports nothing", async () => {
    const file = await readSamples(fixture("openai-bad-args.jsonl"));
    expect(file.samples).toEqual([]);
    expect(file.valid.samples.map((s) => s.id)).toEqual(["conv-1"]);
    expect(file.errors).toHaveLength(1);
    expect(file.errors[0]).toMatchObject({ file: "openai-bad-args.jsonl", row: 2, field: "messages" });
    expect(file.errors[0]!.message).toMatch(/^message 3, tool call 2 \(book_table\): arguments are not valid JSON \(/);
  });

  it("reads CSV with JSON cells for turns and calls and a Python list cell for topics", async () => {
    const file = await readSamples(fixture("conversations.csv"));
    expect(file.errors).toEqual([]);
    expect(file.samples).toEqual([
      {
        id: "csv-1",
        question: "",
        answer: "",
        contexts: [],
        messages: [
          { role: "user", content: "Weather?" },
          { role: "assistant", content: "", toolCalls: [weather] },
        ],
        referenceToolCalls: [weather],
        referenceTopics: ["weather", "travel"],
      },
    ]);
  });

  it("names the row and column of a turn with an unknown role or a call of the wrong shape", async () => {
    const lines = [
      JSON.stringify({ messages: [{ role: "robot", content: "x" }] }),
      JSON.stringify({ messages: [{ role: "user", content: "x" }], reference_tool_calls: [{ tool: "f" }] }),
      JSON.stringify({ messages: "not json" }),
    ].join("\n");
    const file = await readSamples({ name: "c.jsonl", bytes: new TextEncoder().encode(lines) });
    expect(file.errors.map(({ row, field, message }) => ({ row, field, message: message.replace(/ \(.*\)$/, "") }))).toEqual([
      { row: 1, field: "messages", message: 'message 1: unknown role "robot"' },
      { row: 2, field: "reference_tool_calls", message: "tool call 1: expected { name, args } or { function: { name, arguments } }" },
      { row: 3, field: "messages", message: "expected a JSON list of messages" },
    ]);
  });

  it("a single-turn file still needs its question and answer", async () => {
    const file = await readSamples({ name: "s.jsonl", bytes: new TextEncoder().encode(JSON.stringify({ question: "q" })) });
    expect(file.errors.map((e) => e.field)).toEqual(["answer"]);
  });
});
