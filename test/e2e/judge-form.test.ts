/**
 * The studio's judge form as a user meets it (issue 26): "New judge" is at the top of the studio,
 * above the prompt list, on the first screen; and the form does not jump while it is filled in
 * (the check's message and the prompt preview keep the room they need from the start, so the
 * controls below them stay where they were). Only choosing the rubric scale, which adds five
 * fields, may move what is below it.
 */
import type { Locator, Page } from "playwright-core";
import { expect, test } from "vitest";
import { button, tab } from "./browser";
import { useE2E } from "./context";

const e2e = useE2E();

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on the page");
  return found;
}

/** Where the form's parts are, relative to the form (the page may scroll as focus moves). */
async function layout(page: Page): Promise<Record<string, { y: number; height: number }>> {
  const form = await box(page.getByRole("form", { name: "New judge" }));
  const at = async (locator: Locator) => {
    const b = await box(locator);
    return { y: Math.round(b.y - form.y), height: Math.round(b.height) };
  };
  return {
    form: { y: 0, height: Math.round(form.height) },
    scale: await at(page.getByLabel("Judge scale", { exact: true })),
    strictness: await at(page.getByLabel("Judge strictness", { exact: true })),
    preview: await at(page.getByRole("region", { name: "Prompt preview" })),
    save: await at(button(page, "Save judge")),
  };
}

test("New judge is on the first screen above the prompt list, and the judge form keeps its layout while it is filled in", async () => {
  const { page } = await e2e.open();
  await tab(page, "Prompts").click();
  const newJudge = button(page, "New judge");
  await newJudge.waitFor({ state: "visible" });
  const prompts = page.getByRole("navigation", { name: "Prompts by metric" });
  await prompts.waitFor({ state: "visible" });
  const atTop = await box(newJudge);
  expect(atTop.y + atTop.height).toBeLessThanOrEqual(800);
  expect(atTop.y).toBeLessThan((await box(prompts)).y);

  await newJudge.click();
  const empty = await layout(page);
  const steps: Record<string, Awaited<ReturnType<typeof layout>>> = {};
  // A name alone: the check says a definition is needed.
  await page.getByLabel("Judge name", { exact: true }).fill("Cites its sources");
  await expect.poll(() => page.getByRole("form", { name: "New judge" }).innerText()).toContain("a judge needs a definition");
  steps.named = await layout(page);
  // A definition: the judge is valid, the message goes and the preview shows the prompt.
  await page.getByLabel("Judge definition", { exact: true }).fill("Every claim in the answer names the context it comes from.");
  await expect.poll(() => page.getByRole("region", { name: "Prompt preview" }).innerText()).toContain("Every claim in the answer names");
  steps.valid = await layout(page);
  await page.getByLabel("Judge sees contexts", { exact: true }).check();
  steps.contexts = await layout(page);
  await page.getByLabel("Judge strictness", { exact: true }).selectOption("3");
  steps.strict = await layout(page);
  for (const [step, shown] of Object.entries(steps)) expect(shown, step).toEqual(empty);

  // The rubric adds its five levels; from there on, filling them in moves nothing either.
  await page.getByLabel("Judge scale", { exact: true }).selectOption("rubric");
  await expect.poll(() => page.getByRole("form", { name: "New judge" }).innerText()).toContain("every rubric level needs a description");
  const rubric = await layout(page);
  for (const n of [1, 2, 3, 4, 5]) {
    await page.getByLabel(`Level ${n}`, { exact: true }).fill(`level ${n} text`);
    expect(await layout(page), `level ${n}`).toEqual(rubric);
  }
  await expect.poll(() => page.getByRole("region", { name: "Prompt preview" }).innerText()).toContain("level 5 text");
  expect(await button(page, "Save judge").isDisabled()).toBe(false);
});
