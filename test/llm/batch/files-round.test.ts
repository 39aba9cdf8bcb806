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

describe("planFilesRound: what an upload holds that this run did not ask", () => {
  it("counts the results of another run (unknown custom_ids) apart from this run's, never as results read", async () => {
    const first = await planFilesRound({ units, plan: { hasEmbedder: true }, config, outputs: [] });
    if (first.done) throw new Error("a first round was expected");
    const ours = run(first.chunks[0]!.text).trim().split("\n");
    // Another run's file: the same shape, custom_ids no request of this run has.
    const other = await planFilesRound({
      units: batchSamples(2).map((sample) => ({
        sample: { ...sample, id: `other-${sample.id}`, answer: `${sample.answer} Elsewhere.` },
        metricIds: PAPER_METRIC_IDS,
      })),
      plan: { hasEmbedder: true },
      config,
      outputs: [],
    });
    if (other.done) throw new Error("a first round was expected");
    const theirs = run(other.chunks[0]!.text).trim().split("\n");
    const next = await planFilesRound({
      units,
      plan: { hasEmbedder: true },
      config,
      outputs: [
        { name: "ours.output.jsonl", text: `${ours.slice(0, 10).join("\n")}\n` },
        { name: "theirs.output.jsonl", text: `${theirs.join("\n")}\n` },
      ],
    });
    expect(next.known).toBe(10);
    expect(next.foreign).toBe(theirs.length);
  });

  it("names an input file uploaded instead of its results", async () => {
    const first = await planFilesRound({ units, plan: { hasEmbedder: true }, config, outputs: [] });
    if (first.done) throw new Error("a first round was expected");
    const next = await planFilesRound({
      units,
      plan: { hasEmbedder: true },
      config,
      outputs: [{ name: "round-1-chat-1.input.jsonl", text: first.chunks[0]!.text }],
    });
    expect(next.problems).toEqual([
      "round-1-chat-1.input.jsonl: this is the batch input file, not its results (upload the output file the batch runner wrote)",
    ]);
    expect(next.known).toBe(0);
  });
});
