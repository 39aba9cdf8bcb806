/**
 * Every judge request the product makes, as it goes over the wire: all metrics of the registry
 * (so metrics added later are covered without touching this file), custom judges of both scales,
 * the agreement baselines and the prompt studio's translation call, English and Chinese, sent by the real client to the
 * cooperative mock. Each request is kept with the reply spec the engine validates it against.
 */
import { baselinePrompts } from "../../src/engine/agreement/baseline-prompts";
import {
  type AnyMetricId,
  allPrompts,
  type CustomJudge,
  customId,
  customJudgePrompt,
  evaluate,
  METRICS,
  renderMessages,
  resolvePrompt,
  type Judge,
  type JudgeRequest,
  type Sample,
  splitSentences,
} from "../../src/engine";
import type { SampleResult } from "../../src/engine/run/aggregate";
import { collectStrings, translationMessages, translationSpec, TRANSLATE_PROMPT_HASH, TRANSLATE_PROMPT_ID } from "../../src/app/studio/logic/translate";
import { createEmbedder, createJudge } from "../../src/llm";
import type { MockServer } from "../mock/server";

type Json = Record<string, unknown>;

export interface SentRequest {
  promptId: string;
  /** The request body as the mock received it. */
  body: Json;
  /** response_format.json_schema.schema of that body: what the server constrains decoding with. */
  schema: Json;
  /** What the engine validates the reply against. */
  request: JudgeRequest<unknown>;
}

const keyOf = (name: string, schema: unknown, messages: unknown) => JSON.stringify([name, schema, messages]);

/** The inputs a baseline prompt may ask for, from a sample. */
function baselineInput(sample: Sample): Record<string, string> {
  const context = sample.contexts.join("\n\n");
  return { context, question: sample.question, candidate: sample.answer, first: sample.answer, second: sample.reference ?? context };
}

export interface Collected {
  sent: SentRequest[];
  /** The metric results of the run, to derive from their traces which item counts were asked. */
  results: SampleResult[];
}

/** Runs everything against `mock` (cooperative) and returns each chat request with its spec. */
export async function collectRequests(mock: MockServer, samples: readonly Sample[], customJudges: readonly CustomJudge[]): Promise<Collected> {
  const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge", embeddingModel: "mock-embedding" };
  const real = createJudge(config);
  const asked = new Map<string, JudgeRequest<unknown>>();
  const judge: Judge = {
    complete(request) {
      asked.set(keyOf(request.output.name, request.output.jsonSchema, request.messages), request as JudgeRequest<unknown>);
      return real.complete(request);
    },
  };
  mock.resetLog();
  const metricIds: AnyMetricId[] = [...(Object.keys(METRICS) as AnyMetricId[]), ...customJudges.map(customId)];
  const { results } = await evaluate(samples, metricIds, { judge, embedder: createEmbedder(config), concurrency: 8, customJudges });

  // The baselines ask through `ask` with the prompt's own output spec: the same request, made directly.
  for (const prompt of baselinePrompts()) {
    // They rate one answer: a conversation sample (issue 32) has none to rate.
    for (const sample of samples.filter((s) => !s.messages)) {
      const resolved = resolvePrompt(prompt);
      await judge.complete({
        promptId: prompt.id,
        promptHash: resolved.hash,
        messages: renderMessages(resolved, baselineInput(sample)),
        output: prompt.output,
      });
    }
  }

  // The studio's translation of each prompt's examples, into Chinese and into English.
  for (const prompt of allPrompts()) {
    const { strings } = collectStrings(prompt.examples);
    if (strings.length === 0) continue;
    for (const language of ["简体中文", "English"]) {
      await judge.complete({
        promptId: TRANSLATE_PROMPT_ID,
        promptHash: TRANSLATE_PROMPT_HASH,
        messages: translationMessages(language, strings),
        output: translationSpec(strings),
      });
    }
  }

  const sent: SentRequest[] = [];
  for (const record of mock.log) {
    if (record.kind !== "chat") continue;
    const body = record.body as Json;
    const format = body.response_format as { type?: string; json_schema?: { name: string; schema: Json } } | undefined;
    if (format?.type !== "json_schema" || !format.json_schema) throw new Error(`a judge request went out without a json_schema: ${JSON.stringify(format)}`);
    const request = asked.get(keyOf(format.json_schema.name, format.json_schema.schema, body.messages));
    if (!request) throw new Error(`the request for "${format.json_schema.name}" did not send the schema the engine validates against`);
    sent.push({ promptId: request.promptId, body, schema: format.json_schema.schema, request });
  }
  return { sent, results };
}

/** Distinct (prompt, schema) pairs, each with one request that sent it. */
export function distinctPairs(sent: readonly SentRequest[]): SentRequest[] {
  const seen = new Map<string, SentRequest>();
  for (const s of sent) {
    const key = JSON.stringify([s.promptId, s.schema]);
    if (!seen.has(key)) seen.set(key, s);
  }
  return [...seen.values()];
}

/** Prompt ids that some request must have used: every metric prompt, every custom judge's, every baseline, the translation. */
export function expectedPromptIds(customJudges: readonly CustomJudge[]): string[] {
  return [...allPrompts().map((p) => p.id), ...customJudges.map((j) => customJudgePrompt(j).id), ...baselinePrompts().map((p) => p.id), TRANSLATE_PROMPT_ID];
}

type Lists = Record<string, unknown[] | undefined>;

/**
 * How many distinct reply schemas each prompt must have been sent with, derived from the samples,
 * the prompts and the traces (what was judged), not from the requests: a prompt whose reply has a
 * fixed shape has one; a per-call schema ("exactly n verdicts", "numbers 1..n") has one per
 * distinct n. A prompt added later counts as fixed until it is listed here, so a new per-count
 * prompt, or one no request covers, fails the comparison.
 */
export function expectedSchemaCounts(
  samples: readonly Sample[],
  results: readonly SampleResult[],
  customJudges: readonly CustomJudge[],
): Record<string, number> {
  const distinct = (counts: readonly number[]) => new Set(counts.filter((n) => n > 0)).size;
  const table: Record<string, number> = Object.fromEntries(expectedPromptIds(customJudges).map((id) => [id, 1]));
  const sentences = (s: Sample) => s.contexts.reduce((n, c) => n + splitSentences(c).length, 0);
  // The single-turn metrics need a question: a conversation sample (issue 32) runs none of them.
  const single = samples.filter((s) => !s.messages);
  table["context_relevance.sentences"] = distinct(single.map(sentences));
  table["context_precision.verdicts"] = distinct(single.filter((s) => s.reference !== undefined).map((s) => s.contexts.length));
  table["context_utilization.verdicts"] = distinct(single.map((s) => s.contexts.length));
  // Every statement or claim list some metric checked with the shared verdicts prompt, by its length
  // (noise sensitivity checks reference and answer statements together against each context).
  const length = (r: SampleResult, metric: string, key: string) =>
    ((r.metrics as Record<string, { trace: Lists } | undefined>)[metric]?.trace[key] ?? []).length;
  table["faithfulness.verdicts"] = distinct(
    results.flatMap((r) => [
      length(r, "faithfulness", "statements"),
      length(r, "answer_correctness", "statements"),
      length(r, "answer_correctness", "referenceStatements"),
      length(r, "factual_correctness", "claims"),
      length(r, "factual_correctness", "referenceClaims"),
      length(r, "noise_sensitivity", "statements"),
      length(r, "noise_sensitivity", "contexts") && length(r, "noise_sensitivity", "referenceStatements") + length(r, "noise_sensitivity", "statements"),
    ]),
  );
  // Issue 32: topic adherence asks for exactly one verdict per user turn; conversation faithfulness
  // checks each assistant turn's statements with the shared verdicts prompt (added below).
  table["topic_adherence.turns"] = distinct(
    samples.filter((s) => s.referenceTopics?.length).map((s) => (s.messages ?? []).filter((m) => m.role === "user").length),
  );
  const turnLengths = results.flatMap((r) =>
    ((r.metrics.conversation_faithfulness?.trace as { turns?: { statements: unknown[] }[] } | undefined)?.turns ?? []).map((t) => t.statements.length),
  );
  table["faithfulness.verdicts"] = new Set(
    [
      ...results.flatMap((r) => [
        length(r, "faithfulness", "statements"),
        length(r, "answer_correctness", "statements"),
        length(r, "answer_correctness", "referenceStatements"),
        length(r, "factual_correctness", "claims"),
        length(r, "factual_correctness", "referenceClaims"),
        length(r, "noise_sensitivity", "statements"),
        length(r, "noise_sensitivity", "contexts") && length(r, "noise_sensitivity", "referenceStatements") + length(r, "noise_sensitivity", "statements"),
      ]),
      ...turnLengths,
    ].filter((n) => n > 0),
  ).size;
  // One translation per prompt with examples, into each language: one schema per string count.
  table[TRANSLATE_PROMPT_ID] = distinct(allPrompts().map((p) => collectStrings(p.examples).strings.length));
  return table;
}

/** The non-empty text schema before issue 22: a `pattern` that xgrammar and outlines read as a whole-string match. */
const OLD_TEXT: Json = { type: "string", pattern: "\\S" };

/** Whether a schema node is today's TEXT (`minLength: 1` string). */
function isText(node: unknown): boolean {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return false;
  const keys = Object.keys(node);
  return keys.length === 2 && (node as Json).type === "string" && (node as Json).minLength === 1;
}

/** `schema` as it was sent before issue 22: every TEXT node back to the old `pattern: "\\S"`. */
export function withOldText(schema: unknown): unknown {
  if (isText(schema)) return { ...OLD_TEXT };
  if (Array.isArray(schema)) return schema.map(withOldText);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withOldText(value)]));
}

/** Whether a schema holds a TEXT node anywhere. */
export function hasText(schema: unknown): boolean {
  if (isText(schema)) return true;
  if (typeof schema !== "object" || schema === null) return false;
  return Object.values(schema).some(hasText);
}
