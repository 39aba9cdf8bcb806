import { describe, expect, it } from "vitest";
import { PAPER_METRIC_IDS } from "../../../src/engine/metrics/types";
import { planFilesRound } from "../../../src/llm/batch/files-round";
import { parseTransportConfig } from "../../../src/llm/config";
import { answerLine } from "../../mock/batch-answer";
import { batchSamples } from "./batch-samples";

const config = parseTransportConfig({ baseURL: "http://127.0.0.1:1/v1", model: "mock-judge", embeddingModel: "mock-embedding" });
const units = batchSamples(5).map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS }));

/** What a user's batch runner sends back for a downloaded file. */
function run(text: string): string {
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { custom_id: string; url: string; body: Record<string, unknown> })
    .map((l) => {
      const answer = answerLine(l.url, l.body, {});
      return JSON.stringify({
        id: `r-${l.custom_id}`,
        custom_id: l.custom_id,
        response: { status_code: answer.status, request_id: "x", body: answer.body },
        error: null,
      });
    })
    .join("\n");
}

describe("planFilesRound (Download batch file / Upload results)", () => {
  it("round by round: downloads, uploads, then the finished pass; a stray file is reported, not trusted", async () => {
    const outputs: { name: string; text: string }[] = [{ name: "notes.jsonl", text: "hello\n" }];
    const sizes: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const next = await planFilesRound({ units, plan: { hasEmbedder: true }, config, outputs });
      expect(next.problems).toEqual(["notes.jsonl: line 1: not JSON"]);
      if (next.done) {
        expect(next.pass.finished).toBe(25);
        // Sample 5 has no reference: its context_precision and context_recall need no request.
        expect(sizes).toEqual(["chat-1:23", "embeddings-1:5,chat-1:5"]);
        return;
      }
      sizes.push(next.chunks.map((c) => `${c.kind}-${c.part}:${c.lines.length}`).join(","));
      for (const chunk of next.chunks) outputs.push({ name: `round-${round}-${chunk.kind}-${chunk.part}.output.jsonl`, text: run(chunk.text) });
    }
    throw new Error("did not finish in two rounds");
  });
});
