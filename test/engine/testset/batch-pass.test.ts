import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbedReply, JudgeReply } from "../../../src/engine/ports";
import type { ReplyBook } from "../../../src/engine/run/batch-plan";
import { type GenerationOptions, generateTestset } from "../../../src/engine/testset";
import { planGenerationPass } from "../../../src/engine/testset/batch-pass";
import { createEmbedder, createJudge } from "../../../src/llm";
import { type MockServer, startMockServer } from "../../mock/server";
import { CHINESE_CHUNKS, ENGLISH_CHUNKS } from "./corpus";

/**
 * A generation by batch, pass by pass: each pass's pending calls are "the provider's round" (sent
 * here one by one to the cooperative mock), the next pass reads their replies from the book; the
 * last pass's lines are the sync generation's with the same seed, and no request is asked twice.
 */

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({});
});
afterAll(() => mock.close());

const ports = () => {
  const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 6 };
  return { judge: createJudge(config), embedder: createEmbedder(config) };
};
const idle = () => new Promise<void>((resolve) => setImmediate(resolve));

const options: GenerationOptions = {
  size: 4,
  mode: "graph",
  language: "auto",
  checks: ["grounded", "standalone", "leakage", "duplicate"],
  seed: 3,
  concurrency: 4,
};

describe("planGenerationPass", () => {
  it("rounds of pending calls end with the sync generation's lines; every custom_id is asked once", async () => {
    const chunks = [...ENGLISH_CHUNKS.slice(0, 6), ...CHINESE_CHUNKS.slice(0, 2)];
    const sync = await generateTestset(chunks, options, ports());
    expect(sync.samples).toHaveLength(4);

    const chat = new Map<string, JudgeReply<unknown>>();
    const vectors = new Map<string, EmbedReply>();
    const book: ReplyBook = {
      chat: <O>(id: string) => chat.get(id) as JudgeReply<O> | undefined,
      embedding: (id) => vectors.get(id),
    };
    const asked: string[] = [];
    const roundSizes: number[] = [];
    const { judge, embedder } = ports();
    for (let round = 0; round < 30; round++) {
      const pass = await planGenerationPass(chunks, options, book, idle);
      if (pass.kind === "done") {
        expect(pass.result.samples).toEqual(sync.samples);
        expect(pass.result.rejected).toEqual(sync.rejected);
        break;
      }
      expect(pass.pending.length).toBeGreaterThan(0);
      roundSizes.push(pass.pending.length);
      for (const call of pass.pending) {
        asked.push(call.customId);
        if (call.kind === "chat") chat.set(call.customId, await judge.complete(call.request));
        else vectors.set(call.customId, await embedder.embed(call.request));
      }
    }
    expect(new Set(asked).size).toBe(asked.length);
    // round 1: every chunk's extraction, each document's summary and the chunk vectors at once
    const documents = new Set(chunks.map((c) => c.document)).size;
    expect(roundSizes[0]).toBe(chunks.length + documents + 1);
    expect(roundSizes.length).toBeGreaterThanOrEqual(4);
    expect(asked.every((id) => /^testset:testset:[a-z_]{1,12}:0:[0-9a-f]{10}$/.test(id))).toBe(true);
  });
});
