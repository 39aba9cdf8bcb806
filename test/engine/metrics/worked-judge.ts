import type { JudgeRequest } from "../../../src/engine";
import { scriptedJudge } from "../fake-judge";

/**
 * A fake judge for worked examples: statement extraction answers from a table keyed by the text
 * split, and the NLI call looks each numbered statement up in a table keyed by
 * "<source name> | <statement>" (sources named in `sources`), so a test states exactly which
 * statement the "judge" finds supported by which text.
 */
export function userText(request: JudgeRequest<unknown>): string {
  return request.messages.find((m) => m.role === "user")!.content;
}

const after = (text: string, label: string, next?: string) => {
  const start = text.indexOf(`${label}:`) + label.length + 1;
  const end = next ? text.indexOf(`\n${next}:`, start) : -1;
  return text.slice(start, end < 0 ? undefined : end).trim();
};

const numberedOf = (block: string) => block.split("\n").map((line) => line.replace(/^\[\d+\] /, "").trim());

export function workedJudge(opts: {
  statements?: Record<string, string[]>;
  claims?: Record<string, string[]>;
  entities?: Record<string, string[]>;
  /** Names for the texts statements are checked against ("reference", "answer", "context 1"). */
  sources?: Record<string, string>;
  /** "<source name> | <statement>" -> verdict. */
  nli?: Record<string, 0 | 1>;
  /** Each reply waits this long, so calls made at once overlap (peak() counts them). */
  delayMs?: number;
}) {
  const nameOf = (source: string) => Object.entries(opts.sources ?? {}).find(([, text]) => text === source)?.[0] ?? source;
  const nliKey = (source: string, statement: string) => `${nameOf(source)} | ${statement}`;
  return scriptedJudge(
    {
      "faithfulness.statements": (r: JudgeRequest<unknown>) => ({ statements: opts.statements?.[after(userText(r), "Answer")] ?? [] }),
      "factual_correctness.claims": (r: JudgeRequest<unknown>) => ({ claims: opts.claims?.[after(userText(r), "Text")] ?? [] }),
      "context_entity_recall.entities": (r: JudgeRequest<unknown>) => ({ entities: opts.entities?.[after(userText(r), "Text")] ?? [] }),
      "faithfulness.verdicts": (r: JudgeRequest<unknown>) => {
        const user = userText(r);
        const source = after(user, "Context", "Statements");
        return {
          verdicts: numberedOf(after(user, "Statements")).map((s) => {
            const verdict = opts.nli?.[nliKey(source, s)];
            if (verdict === undefined) throw new Error(`no verdict scripted for "${nliKey(source, s)}"`);
            return { reason: verdict ? "stated" : "not stated", verdict };
          }),
        };
      },
    },
    opts.delayMs ? { delayMs: opts.delayMs } : {},
  );
}
