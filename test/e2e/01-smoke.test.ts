import { expect, inject, test } from "vitest";
import { button, field, fillSettings, openSettings, originOf, requestOrigins } from "./browser";
import { useE2E } from "./context";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL } from "./fixtures";

const e2e = useE2E();

test("the built app loads and shows the sample form by its accessible names; Settings' Test connection against the shared mock succeeds", async () => {
  const s = await e2e.open();
  const { page } = s;
  for (const name of ["Question", "Answer", "Context 1", "Reference"]) {
    expect(await field(page, name).isVisible(), name).toBe(true);
  }
  for (const name of ["Score", "Add context", "Export report"]) {
    expect(await button(page, name).count(), name).toBe(1);
  }
  expect(await page.getByLabel("Import report", { exact: true }).count()).toBe(1);
  expect(await page.title()).toMatch(/Ragas Playground/);
  // A strict Content-Security-Policy is in the built page.
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(csp).toMatch(/script-src 'self'/);
  expect(requestOrigins(s)).toEqual([originOf(e2e.appUrl)]);

  // Settings open from the header and hold the contract-7 fields.
  await openSettings(page);
  for (const name of ["Base URL", "API key", "Model", "Embedding model"]) {
    expect(await field(page, name).isVisible(), name).toBe(true);
  }

  // Test connection against the shared mock (started by the global setup), in the same page.
  const mockUrl = inject("sharedMockUrl");
  await fillSettings(page, { provider: "Custom", baseURL: mockUrl, apiKey: "sk-test-e2e", model: MOCK_MODEL, embeddingModel: MOCK_EMBEDDING_MODEL });
  await button(page, "Test connection").click();
  // The chat model, then the embedding model (one tiny embeddings request), each named in words.
  await expect
    .poll(() => page.getByTestId("connection-result").innerText(), { timeout: 15_000 })
    .toMatch(new RegExp(`^Connected: the model answered in \\d+ ms\\.\\s+The embedding model ${MOCK_EMBEDDING_MODEL} answered in \\d+ ms\\.$`));
  expect(requestOrigins(s).sort()).toEqual([originOf(e2e.appUrl), originOf(mockUrl)].sort());
});
