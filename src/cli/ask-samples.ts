import { join } from "node:path";
import type { Sample } from "../engine/sample";
import { askEach } from "../engine/target/answer-all";
import { type AskedConversation, askConversation, conversationOutcome } from "../engine/target/conversation";
import { targetSummary } from "../engine/target/latency";
import { isTargetFailed, type TargetOutcome, type TargetPort } from "../engine/target/outcome";
import type { Target } from "../engine/target/target-schema";
import { sanitizeUrl } from "../engine/text/url-secrets";
import type { CliIO } from "./io";
import { openTargetFile } from "./target-file";
import { openTargetReplies, repliesPathFor, replyKey, TARGET_CACHE_FILE, type TargetReplies } from "./target-replies-file";

/**
 * The first half of `answer` and `score --target`: every sample asked of the target, at most
 * `concurrency` at once, each reply journaled as it lands (FILE.replies beside --out, or the
 * --cache DIR kept across runs), so `--resume` asks the target nothing it already answered. A
 * conversation (a sample with user turns in `messages`) is asked turn by turn, each turn journaled
 * under its own history: a resumed conversation replays its answered turns from the file (the same
 * replies, so the same next history) and asks only the turns after them.
 */

const FAILURES_SHOWN = 10;

export interface AskOptions {
  target: string;
  concurrency: number;
  resume: boolean;
  out?: string | undefined;
  cache?: string | undefined;
}

export interface AskedSamples {
  /**
   * Every sample (input order) with the answer, contexts and retrieved ids the target gave (a
   * conversation with its turns as the system answered them); "" and [] where it failed.
   */
  samples: Sample[];
  /** outcomes[i] for samples[i]; undefined where a cancellation came first. */
  outcomes: (TargetOutcome | undefined)[];
  /** The target's URL as it may be written (no credentials), and its method. */
  url: string;
  method: string;
  /** Values to scrub from everything written. */
  secrets: readonly string[];
  cancelled: boolean;
  /** Call once the whole command has finished: drops the run's own replies file (a --cache DIR is kept). */
  finish(): void;
  close(): void;
}

export async function askSamples(samples: readonly Sample[], options: AskOptions, io: CliIO): Promise<AskedSamples> {
  const { target, client } = await openTargetFile(options.target, io);
  const url = sanitizeUrl(target.url);
  const replies = openReplies(options, client.secrets);
  for (const w of replies?.warnings ?? []) io.stderr.write(`warning: ${w}\n`);
  const keys = samples.map((s) => replyKey(target, { question: s.question }));
  const known = replies ? keys.filter((k) => replies.get(k) !== undefined).length : 0;
  io.stderr.write(`asking ${target.method} ${url} about ${samples.length} sample${samples.length === 1 ? "" : "s"} (concurrency ${options.concurrency})\n`);
  if (replies && known > 0) io.stderr.write(`resuming: ${known} already asked in ${replies.path}; asking the rest\n`);

  let failures = 0;
  const indices = samples.map((_, i) => i);
  const isConversation = (i: number) => samples[i]!.messages?.some((m) => m.role === "user") === true;
  const conversations = new Map<number, AskedConversation>();
  const turns = journaledTurns(client, target, replies);
  const ask = async (i: number, signal?: AbortSignal): Promise<TargetOutcome> => {
    if (!isConversation(i)) return client.ask({ question: samples[i]!.question }, signal);
    const asked = await askConversation(samples[i]!.messages!, turns, signal ? { signal } : {});
    conversations.set(i, asked);
    return conversationOutcome(asked);
  };
  const fresh = await askEach(indices, ask, {
    concurrency: options.concurrency,
    ...(io.signal ? { signal: io.signal } : {}),
    // A conversation is never skipped whole: its turns come from the journal one by one.
    isDone: (i) => !isConversation(i) && replies?.get(keys[i]!) !== undefined,
    onOutcome: async (i, outcome, index) => {
      if (isTargetFailed(outcome) && ++failures <= FAILURES_SHOWN) io.stderr.write(`target_error: sample ${samples[i]!.id}: ${outcome.error.message}\n`);
      if (!isConversation(i)) await replies?.put(keys[index]!, outcome);
    },
  });
  if (failures > FAILURES_SHOWN) io.stderr.write(`target_error: ... and ${failures - FAILURES_SHOWN} more\n`);
  const outcomes = samples.map((_, i) => fresh.get(i) ?? (isConversation(i) ? undefined : replies?.get(keys[i]!)));
  const cancelled = io.signal?.aborted === true;
  const summary = targetSummary(outcomes.filter((o): o is TargetOutcome => o !== undefined));
  const ms = (v: number | null) => (v === null ? "-" : `${Math.round(v)} ms`);
  io.stderr.write(
    `target: ${summary.count - summary.errorCount} answered, ${summary.errorCount} target_error${cancelled ? `, ${samples.length - summary.count} not asked (cancelled)` : ""}; latency p50 ${ms(summary.p50Ms)}, p95 ${ms(summary.p95Ms)}\n`,
  );
  return {
    samples: samples.map((s, i) => {
      const o = outcomes[i];
      if (!o || isTargetFailed(o)) return { ...s, answer: "", contexts: [] };
      const conversation = conversations.get(i);
      return {
        ...s,
        answer: o.answer,
        contexts: [...o.contexts],
        // Contract 15's retrieved ids, read by the retrieval metrics: ask -> score needs no mapping.
        ...(o.contextIds ? { retrievedContextIds: [...o.contextIds] } : {}),
        ...(conversation ? { messages: conversation.messages } : {}),
      };
    }),
    outcomes,
    url,
    method: target.method,
    secrets: client.secrets,
    cancelled,
    finish: () => (options.cache ? replies?.close() : replies?.remove()),
    close: () => replies?.close(),
  };
}

function openReplies(options: AskOptions, secrets: readonly string[]): TargetReplies | undefined {
  if (options.cache) return openTargetReplies(join(options.cache, TARGET_CACHE_FILE), { fresh: false, secrets, keepFailures: false });
  if (options.out) return openTargetReplies(repliesPathFor(options.out), { fresh: !options.resume, secrets, keepFailures: true });
  return undefined;
}

/** The target, each answer journaled under its key and read back from there when known (a conversation's turns). */
function journaledTurns(client: TargetPort, target: Target, replies: TargetReplies | undefined): TargetPort {
  if (!replies) return client;
  return {
    async ask(inputs, signal) {
      const key = replyKey(target, inputs);
      const kept = replies.get(key);
      if (kept) return kept;
      const outcome = await client.ask(inputs, signal);
      if (!signal?.aborted) await replies.put(key, outcome);
      return outcome;
    },
  };
}
