import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { button, useMock } from "./browser";
import { useE2E } from "./context";
import { download, importReport, openReportsTab } from "./report-helpers";
import { chooseMetrics, finished, importedByName, openDatasets } from "./runs-helpers";
import { isPing } from "./runs-trust-helpers";

/**
 * Issue 32, must-show 3: an OpenAI-format JSONL of agent conversations (tool_calls with JSON-string
 * arguments, written by test/fixtures/conversation/make_fixtures.py) is imported, run against the
 * mock with both tool-call metrics and a judge, one row's conversation is read in the explorer, and
 * the exported report shows the same conversation in a fresh browser context.
 */
const e2e = useE2E();
const METRICS = ["tool_call_accuracy", "tool_call_f1", "agent_goal_accuracy"];

/** Opens agent-1 in the explorer and checks its bubbles, a tool card and the matched / extra / missing marks. */
async function expectAgentOne(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Open sample agent-1" }).click();
  const view = page.getByRole("region", { name: "Conversation" });
  await view.waitFor();
  // The system prompt is not a turn: user, assistant (calls only), two tool results, assistant.
  expect(await view.locator(".turn").count()).toBe(5);
  expect(await view.getByTestId("turn-0").getAttribute("aria-label")).toBe("Turn 1: User");
  expect(await view.locator('[data-testid="turn-0"] .turn-text').innerText()).toBe("What's the weather in Paris, in Fahrenheit?");
  expect(await view.locator('[data-testid="turn-4"] .turn-text').innerText()).toBe("It is 18 C and sunny in Paris.");
  expect(await view.getByTestId("turn-2").getAttribute("class")).toBe("turn turn-tool");
  const made = (i: number) => view.getByTestId(`predicted-call-${i}`);
  expect(await made(0).locator(".tool-name").innerText()).toBe("weather_check");
  expect(await made(0).locator(".tool-args").innerText()).toBe('{\n  "location": "Paris"\n}');
  expect(await made(0).locator(".call-mark").innerText()).toBe("matched: reference 1");
  expect(await made(1).locator(".tool-name").innerText()).toBe("search_web");
  expect(await made(1).locator(".call-mark").innerText()).toBe("extra: no reference call");
  const missing = view.getByTestId("reference-call-1");
  expect(await missing.locator(".tool-name").innerText()).toBe("convert_units");
  expect(await missing.locator(".call-mark").innerText()).toBe("missing: never called");
  expect(await view.getByTestId("paired-by").innerText()).toBe("Matches as paired by Tool call accuracy.");
  // Strict order: 1 of max(2 made, 2 expected) matched.
  const card = page.locator('section[aria-label="tool_call_accuracy result"]');
  expect((await card.getByTestId("score-tool_call_accuracy").innerText()).trim()).toBe("0.50");
  // At 420 px the reference calls go under the turns, and nothing scrolls the page sideways.
  await page.setViewportSize({ width: 420, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  const [turns, reference] = await Promise.all([
    view.locator(".turns").boundingBox(),
    view.getByRole("region", { name: "Reference tool calls" }).boundingBox(),
  ]);
  expect(reference!.y).toBeGreaterThan(turns!.y + turns!.height - 1);
}

test("an OpenAI JSONL of agent conversations: run with the tool-call metrics and a judge, read a row's conversation, and again from the exported report", {
  timeout: 120_000,
}, async () => {
  const mock = await e2e.mock();
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  await openDatasets(page);
  const jsonl = readFileSync(new URL("../fixtures/conversation/openai-agent.jsonl", import.meta.url));
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "agents.jsonl", mimeType: "application/jsonl", buffer: jsonl });
  // Its columns (id, messages, reference_tool_calls) are all named: stored without the mapping step.
  await importedByName(page, "agents.jsonl", 2);
  await chooseMetrics(page, METRICS);
  // The judge asks once per conversation; the tool-call metrics ask nothing.
  await expect.poll(() => page.getByLabel("Before you start").innerText()).toContain("≈ 2 requests");
  mock.resetLog();
  await button(page, "Start run").click();
  await expect.poll(() => finished(page), { timeout: 60_000 }).toBe(2);
  expect(mock.log.filter((r) => r.kind === "chat" && !isPing(r))).toHaveLength(2);
  await expect.poll(() => button(page, "Open in Reports").count(), { timeout: 20_000 }).toBe(1);
  await button(page, "Open in Reports").click();
  await expectAgentOne(page);
  const report = await download(page, "Export report");

  // A fresh context (no database, no run): the file alone shows the same conversation.
  const fresh = await e2e.open();
  await openReportsTab(fresh.page);
  await importReport(fresh.page, report.fileName, report.text);
  await expectAgentOne(fresh.page);
});
