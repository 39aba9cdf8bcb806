import { createHash } from "node:crypto";
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { isTargetFailed, type TargetOutcome, targetOutcomeSchema } from "../engine/target/outcome";
import type { TargetInputs } from "../engine/target/render-request";
import type { Target } from "../engine/target/target-schema";
import { RunError } from "./errors";
import { groupDatasync } from "./group-datasync";
import { scrubbedJsonLine } from "./secrets";

/**
 * The target's replies on disk: the journal of `answer` and `score --target` and their reply cache
 * in one append-only JSONL file, one `{ key, outcome }` per answered question. The key is a hash of
 * the target (as written: URL, method, headers with their `${NAME}`s, body, paths) and of what was
 * asked, so a changed target or question is asked again and nothing else is. Each line is written
 * the moment its reply lands (and synced with its neighbours' replies), so a process killed at any
 * point has lost only the replies still on the wire; `--resume` asks only the rest. A run's own
 * file (beside --out) keeps failures too, so a resumed run writes what the interrupted one would
 * have (the scores' journal relies on the same answers); a --cache DIR shared across runs keeps
 * answers only, so a later run asks a failed question again. Every line is parsed back with zod; a damaged one is
 * dropped with a warning and its question asked again. Secrets never reach the file.
 */

export const TARGET_CACHE_FILE = "target-replies.jsonl";

export function repliesPathFor(out: string): string {
  return `${out}.replies`;
}

const lineSchema = z.object({ key: z.string().regex(/^[0-9a-f]{64}$/), outcome: targetOutcomeSchema });

export function replyKey(target: Target, inputs: TargetInputs): string {
  const { url, method, headers, body, answer, contexts, contextIds, toolCalls, stream } = target;
  const asked = { question: inputs.question, ...(inputs.messages ? { messages: inputs.messages } : {}) };
  return createHash("sha256")
    .update(
      JSON.stringify([
        url,
        method,
        headers,
        body ?? null,
        answer,
        contexts ?? null,
        contextIds ?? null,
        ...(toolCalls ? [toolCalls] : []),
        stream ?? null,
        asked,
      ]),
    )
    .digest("hex");
}

export interface TargetReplies {
  readonly path: string;
  readonly found: number;
  readonly warnings: readonly string[];
  get(key: string): TargetOutcome | undefined;
  /** Keeps an outcome (a failure only with keepFailures). */
  put(key: string, outcome: TargetOutcome): Promise<void>;
  close(): void;
  remove(): void;
}

export function openTargetReplies(path: string, options: { fresh: boolean; secrets: readonly string[]; keepFailures: boolean }): TargetReplies {
  const kept = (outcome: TargetOutcome) => options.keepFailures || !isTargetFailed(outcome);
  const replies = new Map<string, TargetOutcome>();
  const warnings: string[] = [];
  let fd: number;
  try {
    mkdirSync(dirname(path), { recursive: true });
    fd = openSync(path, options.fresh ? "w+" : "a+");
    if (!options.fresh) {
      const text = readFileSync(fd, "utf8");
      const whole = text.lastIndexOf("\n") + 1;
      text
        .slice(0, whole)
        .split("\n")
        .slice(0, -1)
        .forEach((line, i) => {
          const parsed = lineSchema.safeParse(safeJson(line));
          if (parsed.success && kept(parsed.data.outcome)) replies.set(parsed.data.key, parsed.data.outcome);
          else if (!parsed.success) warnings.push(`${path}:${i + 1}: not a stored reply: dropped, its question is asked again`);
        });
      // A line torn by a kill mid-write is cut off, so the next reply starts on a line of its own.
      if (whole < text.length) ftruncateSync(fd, Buffer.byteLength(text.slice(0, whole), "utf8"));
    }
  } catch (error) {
    throw new RunError(`target replies ${path}: cannot open (${(error as Error).message})`);
  }
  let open = true;
  const sync = groupDatasync(fd);
  return {
    path,
    found: replies.size,
    warnings,
    get: (key) => replies.get(key),
    async put(key, outcome) {
      if (!kept(outcome) || !open) return;
      replies.set(key, outcome);
      writeSync(fd, `${scrubbedJsonLine({ key, outcome }, options.secrets)}\n`);
      await sync().catch((error: unknown) => {
        if (open) throw error;
      });
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
    remove() {
      this.close();
      rmSync(path, { force: true });
    },
  };
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
