import { z } from "zod";
import type { EmbedRequest, JudgeRequest } from "../../engine/ports";
import { type BatchEndpoint, type BatchOutputLine, outputLineSchema } from "../../engine/run/batch-records";
import { chatBody } from "../chat-request";
import type { TransportConfig } from "../config";

/**
 * Batch files as OpenAI, Azure and `vllm run-batch` read and write them: one JSON request per line
 * (custom_id, method, url, body: the same body the sync call sends) and one result per line.
 */

export interface BatchInputLine {
  custom_id: string;
  method: "POST";
  url: BatchEndpoint;
  body: Record<string, unknown>;
}

/** A provider's limits per batch file. */
export interface BatchLimits {
  maxRequests: number;
  maxBytes: number;
}

/** OpenAI and Azure: 50,000 requests and 200 MB per input file (research 3.1, 3.3). */
export const OPENAI_LIMITS: BatchLimits = { maxRequests: 50_000, maxBytes: 200_000_000 };

/** The words of a line's error, whatever its shape; undefined when there is none. */
export function errorText(error: unknown): { code?: string; message: string } | undefined {
  if (error === null || error === undefined) return undefined;
  if (typeof error === "string") return { message: error };
  const e = error as { code?: unknown; message?: unknown; error?: { code?: unknown; message?: unknown } };
  const inner = e.error && typeof e.error === "object" ? e.error : e;
  const code = typeof inner.code === "string" ? inner.code : undefined;
  const message = typeof inner.message === "string" ? inner.message : JSON.stringify(error).slice(0, 300);
  return code ? { code, message } : { message };
}

/** What a line is made of: a pending call's id and request (the reply book asks with the same). */
export type LineRequest = { customId: string } & ({ kind: "chat"; request: JudgeRequest<unknown> } | { kind: "embedding"; request: EmbedRequest });

/** The line for one pending call: chat in structured-output mode (contract 8), embeddings as floats. */
export function inputLine(call: LineRequest, config: TransportConfig): BatchInputLine {
  if (call.kind === "embedding") {
    return {
      custom_id: call.customId,
      method: "POST",
      url: "/v1/embeddings",
      body: { model: config.embeddingModel ?? "", input: call.request.texts, encoding_format: "float" },
    };
  }
  const body = chatBody({
    config,
    request: call.request,
    messages: call.request.messages,
    mode: "json_schema",
    shape: { tokenParam: "max_tokens", sendTemperature: true },
  });
  return { custom_id: call.customId, method: "POST", url: "/v1/chat/completions", body: body as unknown as Record<string, unknown> };
}

const encoder = new TextEncoder();

export interface BatchChunk {
  endpoint: BatchEndpoint;
  model: string;
  lines: BatchInputLine[];
  /** The JSONL text, newline-terminated. */
  text: string;
}

/**
 * One file per (endpoint, model), split so that no file passes the provider's limits. The order
 * is the pending calls' (sorted by custom_id), so the same pass always gives the same files.
 */
export function splitToFiles(lines: readonly BatchInputLine[], limits: BatchLimits): BatchChunk[] {
  const groups = new Map<string, BatchInputLine[]>();
  for (const line of lines) {
    const key = `${line.url}\u0000${String(line.body.model ?? "")}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const chunks: BatchChunk[] = [];
  for (const [key, group] of groups) {
    const [endpoint, model] = key.split("\u0000") as [BatchEndpoint, string];
    let current: string[] = [];
    let currentLines: BatchInputLine[] = [];
    let bytes = 0;
    const flush = () => {
      if (currentLines.length > 0) chunks.push({ endpoint, model, lines: currentLines, text: `${current.join("\n")}\n` });
      current = [];
      currentLines = [];
      bytes = 0;
    };
    for (const line of group) {
      const text = JSON.stringify(line);
      const size = encoder.encode(text).length + 1;
      if (size > limits.maxBytes) throw new Error(`one request (${line.custom_id}) is ${size} bytes, over the provider's ${limits.maxBytes}-byte file limit`);
      if (currentLines.length >= limits.maxRequests || bytes + size > limits.maxBytes) flush();
      current.push(text);
      currentLines.push(line);
      bytes += size;
    }
    flush();
  }
  return chunks;
}

/** A request line (what we write): told apart from a result so an input file uploaded by mistake is named. */
const inputLineSchema = z.object({ custom_id: z.string(), method: z.string(), url: z.string(), body: z.unknown() });

/** What a result file held: its results, what was not one, and whether it was a batch INPUT file. */
export interface ParsedOutputFile {
  lines: BatchOutputLine[];
  problems: string[];
  /** Every readable line is a request, none a result: the input file, uploaded instead of its results. */
  inputFile: boolean;
}

const INPUT_FILE_PROBLEM = "this is the batch input file, not its results (upload the output file the batch runner wrote)";

/** Parses a result file; lines that are not results are reported, never guessed at. */
export function parseOutputFile(text: string): ParsedOutputFile {
  const lines: BatchOutputLine[] = [];
  const problems: string[] = [];
  let requests = 0;
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      problems.push(`line ${i + 1}: not JSON`);
      return;
    }
    const parsed = outputLineSchema.safeParse(json);
    if (parsed.success) lines.push(parsed.data);
    else {
      if (inputLineSchema.safeParse(json).success) requests++;
      problems.push(`line ${i + 1}: not a batch result (${parsed.error.issues[0]?.message ?? "invalid"})`);
    }
  });
  const inputFile = requests > 0 && lines.length === 0 && requests === problems.length;
  return { lines, problems: inputFile ? [INPUT_FILE_PROBLEM] : problems, inputFile };
}
