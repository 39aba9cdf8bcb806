/**
 * Browser helpers for the e2e tests: Chrome or Chromium (found by test/harness/find-chromium.ts) through playwright-core, one fresh context
 * (fresh IndexedDB) per test, and helpers that find controls only by their accessible names
 * (DESIGN.md contract 7).
 */
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Locator, type Page, type Request } from "playwright-core";
import { chromiumPath } from "./build";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL, type SampleInput } from "./fixtures";

export const METRIC_IDS = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"] as const;
export type MetricId = (typeof METRIC_IDS)[number];

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

// The sample form's input lives with the fixtures (which build it), so the two files do not import each other.
export type { SampleInput } from "./fixtures";

export interface SettingsInput {
  provider?: string;
  baseURL?: string;
  apiKey?: string;
  model?: string;
  embeddingModel?: string;
}

/** A page with everything it did recorded: console text, requests, uncaught errors. */
export interface Session {
  context: BrowserContext;
  page: Page;
  console: string[];
  requests: string[];
  pageErrors: string[];
  close(): Promise<void>;
}

export async function openApp(
  browser: Browser,
  appUrl: string,
  options: { width?: number; height?: number; locale?: string } = {},
  /** Told about the session before the page loads, so a page that never renders can still be inspected. */
  onSession?: (session: Session) => void,
): Promise<Session> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? "en-US",
    // Nothing moves (the app's CSS honours it): a progress bar's or spinner's frames cost Chromium
    // CPU the suite needs, and no test checks motion.
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const session: Session = {
    context,
    page,
    console: [],
    requests: [],
    pageErrors: [],
    close: () => context.close(),
  };
  page.on("console", (message: ConsoleMessage) => session.console.push(`[${message.type()}] ${message.text()}`));
  page.on("pageerror", (error) => session.pageErrors.push(String(error)));
  page.on("request", (request: Request) => session.requests.push(request.url()));
  page.on("requestfailed", (request: Request) => session.console.push(`[requestfailed] ${request.url()} ${request.failure()?.errorText ?? ""}`));
  onSession?.(session);
  await page.goto(appUrl);
  await waitForBoot(page);
  return session;
}

/** The form is on screen and saved work (settings, last session) has been restored from IndexedDB. */
export async function waitForBoot(page: Page): Promise<void> {
  await page.getByLabel("Question", { exact: true }).waitFor({ state: "visible" });
  await page.waitForFunction(() => {
    const status = document.querySelector('[role="status"]')?.textContent ?? "";
    return status !== "" && !status.includes("Loading saved work") && !status.includes("正在载入");
  });
}

/** The origins (scheme://host:port) the page sent requests to, data:/blob: URLs left out. */
export function requestOrigins(session: Session): string[] {
  const origins = new Set<string>();
  for (const url of session.requests) {
    if (url.startsWith("data:") || url.startsWith("blob:")) continue;
    origins.add(new URL(url).origin);
  }
  return [...origins];
}

export function originOf(url: string): string {
  return new URL(url).origin;
}

export function field(page: Page, name: string): Locator {
  return page.getByLabel(name, { exact: true });
}

export function button(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true });
}

/** A view's tab in the header (role "tab", English accessible name by contract 7). */
export function tab(page: Page, name: "Playground" | "Prompts" | "Datasets" | "Reports" | "Agreement"): Locator {
  return page.getByRole("tab", { name, exact: true });
}

export function statusLine(page: Page): Locator {
  return page.getByRole("status").first();
}

/** A metric's result card, found by the metric id it shows: its accessible name is the UI language's ("faithfulness result" / "faithfulness 结果"). */
export function resultCard(page: Page, id: MetricId): Locator {
  return page.locator("section.metric-card").filter({ has: page.locator("code.metric-id", { hasText: new RegExp(`^${id}$`) }) });
}

export function scoreOf(page: Page, id: MetricId): Locator {
  return page.getByTestId(`score-${id}`);
}

/** The Base URL field, found by its id: openSettings and closeSettings work in either UI language. */
const baseUrlField = (page: Page) => page.locator("#settings-base-url");

/** Opens the Settings dialog if its fields are not on screen (in English or Chinese: the button is found by what it opens). */
export async function openSettings(page: Page): Promise<void> {
  if (await baseUrlField(page).isVisible()) return;
  await page.getByRole("banner").locator('button[aria-haspopup="dialog"]').click();
  await baseUrlField(page).waitFor({ state: "visible" });
}

export async function closeSettings(page: Page): Promise<void> {
  if (!(await baseUrlField(page).isVisible())) return;
  const dialog = page.getByRole("dialog");
  const close = (await dialog.count()) > 0 ? dialog.getByRole("button", { name: "Close", exact: true }) : button(page, "Close");
  if ((await close.count()) > 0) await close.first().click();
  else await page.keyboard.press("Escape");
  await baseUrlField(page).waitFor({ state: "hidden" });
}

const keysByPage = new WeakMap<Page, Set<string>>();

/** The API keys typed into this page, for the "never in the console" check. */
export function keysTyped(page: Page): string[] {
  return [...(keysByPage.get(page) ?? [])];
}

/** Fills the settings by accessible name; the provider (a select or radio group) first. */
export async function fillSettings(page: Page, settings: SettingsInput): Promise<void> {
  await openSettings(page);
  if (settings.apiKey) keysByPage.set(page, new Set([...keysTyped(page), settings.apiKey]));
  if (settings.provider) {
    const select = page.getByLabel("Provider", { exact: true });
    if ((await select.count()) > 0 && (await select.evaluate((el) => el.tagName)) === "SELECT") {
      await select.selectOption({ label: settings.provider });
    } else {
      await page.getByRole("radio", { name: settings.provider, exact: true }).check();
    }
  }
  if (settings.baseURL !== undefined) await field(page, "Base URL").fill(settings.baseURL);
  if (settings.apiKey !== undefined) await field(page, "API key").fill(settings.apiKey);
  if (settings.model !== undefined) await field(page, "Model").fill(settings.model);
  if (settings.embeddingModel !== undefined) await field(page, "Embedding model").fill(settings.embeddingModel);
}

/** Points the app at a mock (its URL and the mock's model names) with a key, and closes Settings. */
export async function useMock(page: Page, baseURL: string, apiKey = "sk-test-e2e"): Promise<void> {
  await fillSettings(page, { baseURL, apiKey, model: MOCK_MODEL, embeddingModel: MOCK_EMBEDDING_MODEL });
  await closeSettings(page);
}

/** Types a sample into the form, adding context fields as needed. */
export async function fillSample(page: Page, sample: SampleInput): Promise<void> {
  await field(page, "Question").fill(sample.question);
  await field(page, "Answer").fill(sample.answer);
  for (let i = 0; i < sample.contexts.length; i++) {
    const name = `Context ${i + 1}`;
    if ((await field(page, name).count()) === 0) await button(page, "Add context").click();
    await field(page, name).fill(sample.contexts[i]!);
  }
  if (sample.reference !== undefined) await field(page, "Reference").fill(sample.reference);
}

/** Waits until every given metric's card shows a score or a code. */
export async function waitForScores(page: Page, ids: readonly MetricId[] = METRIC_IDS, timeout = 30_000): Promise<Record<MetricId, string>> {
  const out = {} as Record<MetricId, string>;
  for (const id of ids) {
    const score = resultCard(page, id).getByTestId(`score-${id}`);
    await score.waitFor({ state: "visible", timeout });
    out[id] = (await score.innerText()).trim();
  }
  return out;
}

/** Waits until the Score button is enabled again (the run is over); found by its shortcut note, so in either UI language. */
export async function waitForIdle(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const b = document.querySelector<HTMLButtonElement>('button[aria-describedby="score-shortcut"]');
      return b !== null && !b.disabled;
    },
    undefined,
    { timeout },
  );
}

export async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Every "NaN" on the page: visible text, attribute values and form values. */
export async function findNaN(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hits: string[] = [];
    const re = /\bNaN\b/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (re.test(n.textContent ?? "")) hits.push(`text: ${n.textContent}`);
    for (const el of document.body.querySelectorAll("*")) {
      for (const attr of el.attributes) if (re.test(attr.value)) hits.push(`${el.tagName.toLowerCase()}[${attr.name}]: ${attr.value}`);
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && re.test(el.value)) hits.push(`value: ${el.value}`);
    }
    return hits;
  });
}

/** Parses a score badge's text; throws unless it is a number in [0, 1]. */
export function asScore(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value) || value < 0 || value > 1) throw new Error(`not a score in [0, 1]: "${text}"`);
  return value;
}

/** The origins a page may talk to: its own, and the mock servers the test started. */
export function unexpectedOrigins(session: Session, allowed: readonly string[]): string[] {
  const ok = new Set(allowed.map(originOf));
  return requestOrigins(session).filter((o) => !ok.has(o));
}

/** Console lines (any level) that contain a secret. */
export function consoleLeaks(session: Session, secret: string): string[] {
  return session.console.filter((line) => line.includes(secret));
}
