import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeBatch, probeWords, useBatch } from "../../../../src/app/runs/batch/batch-run";
import { batchT } from "../../../../src/app/runs/batch/messages";
import { DEFAULT_SETTINGS } from "../../../../src/app/shared/settings-model/model";
import type { ProviderId } from "../../../../src/app/shared/settings-model/providers";
import { useApp } from "../../../../src/app/shared/store";
import { type MockServer, startMockServer } from "../../../mock/server";

/**
 * Issue 26: a server without a batch API is told so in words that fit it: vLLM (whose serve has
 * none, and whose run-batch reads the downloaded file) is named only for a vLLM server. The sync
 * mock has no /files or /batches: the real probe gets its 404s over HTTP.
 */

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());

async function probeAs(provider: ProviderId, lang: "en" | "zh" = "en"): Promise<string> {
  useApp.setState({ lang, apiKey: "", settings: { ...DEFAULT_SETTINGS, provider, baseURL: mock.url, model: "mock-judge", embeddingModel: "" } });
  useBatch.setState({ probe: null });
  await probeBatch();
  const probe = useBatch.getState().probe;
  expect(probe?.verdict).toBe("no_batch_api");
  return probe!.message;
}

describe("the no-batch-API words", () => {
  it("name vLLM for a vLLM server only", async () => {
    expect(await probeAs("custom")).toBe(`${mock.url} has no batch API: use "Download batch file", run it, then "Upload results".`);
    expect(await probeAs("ollama")).not.toContain("vllm");
    expect(await probeAs("vllm")).toBe(
      `${mock.url} has no batch API (vllm serve has none: use vllm run-batch): use "Download batch file", run it, then "Upload results".`,
    );
    expect(await probeAs("custom", "zh")).toBe(`${mock.url} 没有批处理 API：请“下载批处理文件”，运行后再“上传结果”。`);
  });

  it("follow the page's language after the probe (the verdict is kept, not only its words)", async () => {
    await probeAs("vllm", "en");
    useApp.setState({ lang: "zh" });
    expect(probeWords(batchT(), useBatch.getState().probe!)).toBe(
      `${mock.url} 没有批处理 API（vllm serve 没有，请用 vllm run-batch）：请“下载批处理文件”，运行后再“上传结果”。`,
    );
  });
});
