import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { optionsOf, wholeNumber } from "../../src/engine/metrics/shared/options";
import type { MetricOptions } from "../../src/engine/metrics/types";
import { type CallRecord, callRecordSchema, type ErrorCode, type errorCodeSchema, type OutputMode, outputModeSchema } from "../../src/engine/result";
import { type Sample, type SampleField, type SampleInput, sampleInputSchema, sampleSchema } from "../../src/engine/sample";
import { SAMPLE_COLUMNS } from "../../src/storage/format/columns";
import { metricResultSchema } from "../../src/storage/format/report-schema";

const call: CallRecord = { kind: "chat", promptId: "p", promptHash: "h", model: "m", promptTokens: 1, completionTokens: 2, ms: 3, cached: false, attempts: 1 };

describe("types come from their schemas", () => {
  it("Sample is what sampleSchema parses, field for field (the type check fails on each line marked below)", () => {
    expectTypeOf<Sample>().toEqualTypeOf<z.infer<typeof sampleSchema>>();
    expectTypeOf<SampleField>().toEqualTypeOf<
      "id" | "question" | "answer" | "contexts" | "reference" | "retrievedContextIds" | "referenceContextIds" | "referenceContextGrades"
    >();
    expectTypeOf<SampleInput>().toEqualTypeOf<"question" | "answer" | "contexts" | "reference" | "messages" | "referenceToolCalls" | "referenceTopics">();
    const sample: Sample = { id: "s1", question: "q", answer: "a", contexts: ["c"] };
    // @ts-expect-error contexts is a list of texts, never one text
    const oneText: Sample = { id: "s1", question: "q", answer: "a", contexts: "c" };
    // @ts-expect-error a sample the engine sees always has its id (importers fill it in)
    const noId: Sample = { question: "q", answer: "a", contexts: [] };
    // @ts-expect-error a field contract 2 does not have
    const extra: Sample = { id: "s1", question: "q", answer: "a", contexts: [], ground_truth: "r" };
    expect([oneText, noId, extra]).toHaveLength(3);
    expect(sampleSchema.parse({ ...sample, reference: "r", more: 1 })).toEqual({ ...sample, reference: "r" });
    expect(sampleSchema.safeParse({ ...sample, contexts: "c" }).success).toBe(false);
    expect(sampleInputSchema.options).toEqual(["question", "answer", "contexts", "reference"]);
    // Every field has its file columns (a field added to the schema without a column fails the type check in columns.ts).
    const conversation = ["messages", "referenceToolCalls", "referenceTopics"];
    expect(Object.keys(SAMPLE_COLUMNS).sort()).toEqual(
      Object.keys(sampleSchema.shape)
        .filter((k) => !conversation.includes(k))
        .sort(),
    );
    // A conversation sample (contract 16) keeps its turns and reference calls through the schema.
    const turns = {
      messages: [{ role: "assistant", content: "", toolCalls: [{ name: "f", args: { a: { b: [1] } } }] }],
      referenceToolCalls: [{ name: "f", args: {} }],
      referenceTopics: ["t"],
    };
    expect(sampleSchema.parse({ ...sample, ...turns })).toEqual({ ...sample, ...turns });
    expect(sampleSchema.safeParse({ ...sample, messages: [{ role: "system", content: "x" }] }).success).toBe(false);
  });

  it("CallRecord, OutputMode and ErrorCode are what their schemas parse, and reports read calls and codes with them", () => {
    expectTypeOf<CallRecord>().toEqualTypeOf<z.infer<typeof callRecordSchema>>();
    expectTypeOf<OutputMode>().toEqualTypeOf<"json_schema" | "json_object" | "text">();
    expectTypeOf<ErrorCode>().toEqualTypeOf<z.infer<typeof errorCodeSchema>>();
    expectTypeOf<z.infer<typeof metricResultSchema>["trace"]["calls"]>().toEqualTypeOf<CallRecord[]>();
    expectTypeOf<NonNullable<z.infer<typeof metricResultSchema>["error"]>["code"]>().toEqualTypeOf<ErrorCode>();
    // @ts-expect-error a kind of request the engine never makes
    const image: CallRecord = { ...call, kind: "image" };
    // @ts-expect-error an output mode there is no such thing as
    const mode: CallRecord = { ...call, mode: "xml" };
    // @ts-expect-error a code the engine never writes
    const code: ErrorCode = "timeout";
    expect([image, mode, code]).toHaveLength(3);
    expect(callRecordSchema.parse({ ...call, mode: "text" })).toEqual({ ...call, mode: "text" });
    expect(callRecordSchema.safeParse({ ...call, promptTokens: -1 }).success).toBe(false);
    expect(outputModeSchema.options).toEqual(["json_schema", "json_object", "text"]);
    const result = { score: null, error: { code: "timeout", message: "m" }, trace: { calls: [call] } };
    expect(metricResultSchema.safeParse(result).error?.issues[0]?.path).toEqual(["error", "code"]);
    expect(metricResultSchema.parse({ ...result, error: { code: "llm_error", message: "m" } }).error?.code).toBe("llm_error");
  });

  it("a metric's option schema parses to MetricOptions: a key or a value type it lacks fails the type check", () => {
    const ok: z.ZodType<MetricOptions> = optionsOf({ questions: wholeNumber(1, 10).optional() });
    // @ts-expect-error a key MetricOptions does not have
    optionsOf({ question: wholeNumber(1, 10).optional() });
    // @ts-expect-error questions is a number, not a text
    const text: z.ZodType<MetricOptions> = optionsOf({ questions: z.string().optional() });
    expect(ok.parse({ questions: "3" })).toEqual({ questions: 3 });
    expect(text.safeParse({ questions: 3 }).success).toBe(false);
  });
});
