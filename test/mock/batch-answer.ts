import { brainAnswer, readChatRequest } from "./chat";
import { embedText, toBase64 } from "./embeddings";
import { openAiError } from "./http";
import type { MockOptions } from "./options";
import { tokens } from "./tokens";

type Json = Record<string, unknown>;

/** What the batch worker produces for one input line: the sync server's status and body. */
export interface LineAnswer {
  status: number;
  body: unknown;
}

/**
 * Answers one batch line with the SAME brains as the sync mock (chat.ts, embeddings.ts), so a
 * batch run and a sync run of the same samples see the same replies.
 */
export function answerLine(url: string, body: Json, options: MockOptions): LineAnswer {
  if (url === "/v1/chat/completions") {
    const answer = brainAnswer(readChatRequest(body), options);
    return { status: answer.status, body: answer.body };
  }
  if (url === "/v1/embeddings") {
    const input = body.input;
    const texts = (Array.isArray(input) ? input : [input]).map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
    const promptTokens = texts.reduce((sum, text) => sum + tokens(text), 0);
    const base64 = body.encoding_format === "base64";
    const data = texts.map((text, index) => ({ object: "embedding", index, embedding: base64 ? toBase64(embedText(text)) : embedText(text) }));
    return {
      status: 200,
      body: { object: "list", data, model: body.model, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } },
    };
  }
  return { status: 400, body: openAiError(`Unsupported url ${url}`, "invalid_request_error", "invalid_url") };
}

/**
 * What `vllm run-batch` writes for an input file: one output line per input line, in another
 * order; `brains` as the sync mock's (a schema-random judge, say).
 */
export function runBatchFile(text: string, brains: MockOptions = {}): string {
  const lines = text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { custom_id: string; url: string; body: Json });
  return `${lines
    .map((line, i) => {
      const answer = answerLine(line.url, line.body, brains);
      return JSON.stringify({
        id: `vllm-${i}`,
        custom_id: line.custom_id,
        response: { status_code: answer.status, request_id: `r${i}`, body: answer.body },
        error: null,
      });
    })
    .reverse()
    .join("\n")}\n`;
}
