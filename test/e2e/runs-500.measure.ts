import { expect, test } from "vitest";
import { useMock } from "./browser";
import { useE2E } from "./context";
import { importCsv, timedRun } from "./runs-helpers";

/**
 * What-it-must-show 5: a 500-sample browser run's wall time against the limiter's bound
 * (requests / concurrency x latency). The mock speaks HTTP/1.1, where Chromium opens at most 6
 * connections per host: at concurrency 6 the run should sit near its bound; at 12 the browser,
 * not the limiter, holds it to 6 in flight (the mock's peak says so).
 */
const e2e = useE2E();
const LATENCY_MS = 100;

test("500 samples x faithfulness (1,000 requests): wall time against requests / concurrency x latency", { timeout: 300_000 }, async () => {
  const mock = await e2e.mock({ latencyMs: LATENCY_MS });
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  // Both rounds send the same prompts: without this the second would be answered from the response cache.
  await page.getByRole("switch", { name: "Bypass cache" }).check();
  await importCsv(page, "bench-500.csv", 500);
  await page.getByRole("checkbox", { name: "context_recall" }).uncheck();

  const lines: string[] = [];
  for (const concurrency of [6, 12]) {
    await page.getByLabel("Concurrency").fill(String(concurrency));
    await expect.poll(() => page.getByLabel("Before you start").innerText()).toContain("≈ 1,000 requests");
    const { wallMs, chat } = await timedRun(page, mock, concurrency);
    const bound = (chat.length / concurrency) * LATENCY_MS;
    const http1Bound = (chat.length / Math.min(concurrency, 6)) * LATENCY_MS;
    lines.push(
      `concurrency ${concurrency}: ${chat.length} requests, wall ${(wallMs / 1000).toFixed(1)} s, limiter bound ${(bound / 1000).toFixed(1)} s (${(wallMs / bound).toFixed(2)}x), ` +
        `HTTP/1.1 bound ${(http1Bound / 1000).toFixed(1)} s (${(wallMs / http1Bound).toFixed(2)}x), mock peak in flight ${mock.peakInFlight}, ` +
        `mean in flight ${(chat.reduce((n, r) => n + (r.endedAt - r.startedAt), 0) / (Math.max(...chat.map((r) => r.endedAt)) - Math.min(...chat.map((r) => r.startedAt)))).toFixed(2)}, ` +
        `mock busy span ${((Math.max(...chat.map((r) => r.endedAt)) - Math.min(...chat.map((r) => r.startedAt))) / 1000).toFixed(1)} s`,
    );
    console.log(`[runs 500] ${lines.at(-1)}`);
    expect(mock.peakInFlight).toBeLessThanOrEqual(Math.min(concurrency, 6));
  }
});
