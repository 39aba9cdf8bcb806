import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { expect, inject, test } from "vitest";
import { startMockServer } from "../mock/server";
import { CHROMIUM_ARGS, openApp, useMock } from "./browser";
import { chromiumPath } from "./build";
import { importCsv, timedRun } from "./runs-helpers";

/**
 * The same 500-sample run against the mock speaking HTTP/2 over TLS on loopback (a throwaway
 * self-signed certificate made with openssl now; Chromium told to ignore certificate errors):
 * one multiplexed connection, so the browser is no longer held to 6 requests in flight.
 */
const LATENCY_MS = 100;

test("500 samples over HTTP/2: more than 6 requests in flight, wall time against the limiter's bound", { timeout: 300_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "ragas-h2-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  const mock = await startMockServer({
    latencyMs: LATENCY_MS,
    tls: { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, "--ignore-certificate-errors"] });
  try {
    expect(mock.url).toMatch(/^https:/);
    const { page, pageErrors } = await openApp(browser, inject("appUrl"));
    await useMock(page, mock.url);
    await page.getByRole("switch", { name: "Bypass cache" }).check();
    await importCsv(page, "h2-500.csv", 500);
    await page.getByRole("checkbox", { name: "context_recall" }).uncheck();
    const concurrency = 12;
    const { wallMs, chat } = await timedRun(page, mock, concurrency);
    const bound = (chat.length / concurrency) * LATENCY_MS;
    console.log(
      `[runs http2] concurrency ${concurrency}: ${chat.length} requests, wall ${(wallMs / 1000).toFixed(1)} s, limiter bound ${(bound / 1000).toFixed(1)} s ` +
        `(${(wallMs / bound).toFixed(2)}x), mock peak in flight ${mock.peakInFlight}`,
    );
    expect(mock.peakInFlight).toBeGreaterThan(6);
    expect(mock.peakInFlight).toBeLessThanOrEqual(concurrency);
    expect(pageErrors).toEqual([]);
  } finally {
    await browser.close();
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
