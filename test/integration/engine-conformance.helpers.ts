/**
 * Every judge request the product makes, as it goes over the wire: all metrics of the registry
 * (so metrics added later are covered without touching this file), the agreement baselines and
 * the prompt studio's translation call, English and Chinese, sent by the real client to the
 * cooperative mock. Each request is kept with the reply spec the engine validates it against.
 */
import { baselinePrompts } from "../../src/engine/agreement/baseline-prompts";
import { allPrompts, evaluate, METRICS, renderMessages, resolvePrompt, type Judge, type JudgeRequest, type MetricId, type Sample } from "../../src/engine";
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

/** Runs everything against `mock` (cooperative) and returns each chat request with its spec. */
export async function collectRequests(mock: MockServer, samples: readonly Sample[]): Promise<SentRequest[]> {
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
  await evaluate(samples, Object.keys(METRICS) as MetricId[], { judge, embedder: createEmbedder(config), concurrency: 8 });

  // The baselines ask through `ask` with the prompt's own output spec: the same request, made directly.
  for (const prompt of baselinePrompts()) {
    for (const sample of samples) {
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
  return sent;
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

/** Prompt ids that some request must have used: every metric prompt, every baseline, the translation. */
export function expectedPromptIds(): string[] {
  return [...allPrompts().map((p) => p.id), ...baselinePrompts().map((p) => p.id), TRANSLATE_PROMPT_ID];
}
