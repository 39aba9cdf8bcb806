/**
 * Helpers for the prompt studio's browser test (studio.test.ts): a mock judge that reacts to an
 * edited prompt, Monaco editing by accessible name, and a request guard for foreign hosts.
 */
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { button, closeSettings, fillSample, fillSettings, type SampleInput, type Session, tab } from "./browser";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL } from "./fixtures";
import { studioResponders } from "../mock/studio-brains";
import type { MockServer } from "../mock/server";

const KEY = "sk-studio-e2e";

/** The mock judge, except that a verdicts prompt saying STRICT rejects every statement, and translation prefixes "译：". */
export const responders = studioResponders;

export async function connect(page: Page, mock: MockServer, sample: SampleInput): Promise<void> {
  await fillSettings(page, { baseURL: mock.url, apiKey: KEY, model: MOCK_MODEL, embeddingModel: MOCK_EMBEDDING_MODEL });
  await closeSettings(page);
  await fillSample(page, sample);
}

export async function openStudio(page: Page): Promise<void> {
  await tab(page, "Prompts").click();
  await page.locator(".studio .monaco-editor").first().waitFor({ state: "visible", timeout: 30_000 });
}

export async function selectPrompt(page: Page, id: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Prompts by metric" })
    .getByRole("button", { name: new RegExp(id.replace(".", "\\.")) })
    .click();
  await expect.poll(() => page.locator("#studio-prompt-title + code").innerText()).toBe(id);
}

export async function selectField(page: Page, name: "Instruction" | "Input template" | "Few-shot examples"): Promise<void> {
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
}

/** Replaces the text of the Monaco editor with this accessible name, as a paste would. */
export async function setEditorText(page: Page, name: string, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name, exact: true });
  await box.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(text);
}

export const hashPill = (page: Page) => page.getByTestId("prompt-hash");
export const problems = (page: Page) => page.getByRole("region", { name: "Problems" });
export const notice = (page: Page) => page.locator(".studio > .studio-notice");

/** The text Monaco shows (it renders spaces as no-break spaces and wraps long lines). */
export async function shownText(page: Page): Promise<string> {
  return (await page.locator(".studio .monaco-editor .view-lines").first().innerText()).replace(/\s+/g, " ");
}

/** The selected prompt's hash, once it has one (an invalid draft shows "—"). */
export async function readHash(page: Page): Promise<string> {
  await expect.poll(() => hashPill(page).innerText()).toMatch(/^[0-9a-f]{16}$/);
  return hashPill(page).innerText();
}

/** Every request not to the app or the mock is aborted and remembered. */
export async function guardOrigins(session: Session, appUrl: string, mock: MockServer): Promise<string[]> {
  const allowed = new Set([new URL(appUrl).origin, new URL(mock.url).origin]);
  const foreign: string[] = [];
  await session.context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || url.startsWith("blob:") || allowed.has(new URL(url).origin)) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  return foreign;
}

export async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), button(page, name).click()]);
  return (await file.path())!;
}
