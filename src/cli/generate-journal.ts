import { closeSync, fdatasyncSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { z } from "zod";
import type { CallRecord } from "../engine/result";
import { scrubbedJsonLine } from "./secrets";

/**
 * `generate`'s spend journal beside --out (FILE.journal): one `{ spent: [...] }` line per completed
 * call, synced before the generation goes on, so the total printed at the end bills the requests
 * of every process a resumed generation took (the replies themselves are in the reply cache,
 * FILE.cache). Lines read back are parsed; a torn or damaged one is not billed.
 */

const spentLine = z.object({
  spent: z.array(
    z.object({
      kind: z.enum(["chat", "embedding"]),
      promptTokens: z.number().int().min(0),
      completionTokens: z.number().int().min(0),
      attempts: z.number().int().min(0),
    }),
  ),
});

export interface SpendJournal {
  readonly path: string;
  /** Requests and tokens billed by earlier processes of this generation. */
  readonly before: { requests: number; promptTokens: number; completionTokens: number };
  spend(calls: readonly CallRecord[]): void;
  close(): void;
  remove(): void;
}

function journalPathOf(out: string): string {
  return `${out}.journal`;
}

function billedIn(text: string): SpendJournal["before"] {
  const total = { requests: 0, promptTokens: 0, completionTokens: 0 };
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let parsed: ReturnType<typeof spentLine.safeParse>;
    try {
      parsed = spentLine.safeParse(JSON.parse(line));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    for (const call of parsed.data.spent) {
      total.requests += Math.max(1, call.attempts);
      total.promptTokens += call.promptTokens;
      total.completionTokens += call.completionTokens;
    }
  }
  return total;
}

export function openSpendJournal(out: string, resume: boolean, secrets: readonly string[]): SpendJournal {
  const path = journalPathOf(out);
  let before = { requests: 0, promptTokens: 0, completionTokens: 0 };
  if (resume) {
    try {
      before = billedIn(readFileSync(path, "utf8"));
    } catch {
      // No journal yet: a resume of nothing starts fresh.
    }
  }
  const fd = openSync(path, resume ? "a" : "w");
  // A torn last line from a kill: start on a fresh line so the next one parses.
  if (resume) writeSync(fd, "\n");
  return {
    path,
    before,
    spend(calls) {
      const paid = calls.filter((c) => !c.cached);
      if (paid.length === 0) return;
      const spent = paid.map((c) => ({
        kind: c.kind,
        promptId: c.promptId,
        model: c.model,
        promptTokens: c.promptTokens,
        completionTokens: c.completionTokens,
        attempts: c.attempts,
      }));
      writeSync(fd, `${scrubbedJsonLine({ spent }, secrets)}\n`);
      fdatasyncSync(fd);
    },
    close: () => closeSync(fd),
    remove: () => rmSync(path, { force: true }),
  };
}
