import { expect, test } from "vitest";
import { originOf, requestOrigins, button, field, fillSample, pageText, statusLine, waitForIdle } from "./browser";
import { useE2E } from "./context";
import { fixture } from "../engine/metrics/text/fixture";

const e2e = useE2E();

/** One of the reference pairs: sacreBLEU and rouge-score's numbers for it are in the fixture. */
const ANSWER = "Einstein was born in 1879 in Ulm, Germany.";
const REFERENCE = "Albert Einstein was born on 14 March 1879 in Ulm.";
const sacreBleu = fixture.bleu.find((c) => c.source === "ours" && c.answer === ANSWER)!.expected / 100;
const rougeScore = fixture.rougeL.find((c) => c.source === "ours" && c.answer === ANSWER)!.expected;

test("with no key, the playground scores bleu, rouge_l and exact_match for a pasted sample, and sends nothing", async () => {
  const s = await e2e.open();
  const { page } = s;
  await fillSample(page, {
    question: "When and where was Einstein born?",
    answer: ANSWER,
    contexts: ["Einstein was born in Ulm in 1879."],
    reference: REFERENCE,
  });
  // No key: the judge metrics cannot run, so the note says what will.
  for (const id of ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"]) {
    await page.getByRole("checkbox", { name: id, exact: true }).uncheck();
  }
  for (const id of ["bleu", "rouge_l", "exact_match"]) await page.getByRole("checkbox", { name: id, exact: true }).check();
  expect(await pageText(page)).toContain("No API key: only the metrics that need no judge are scored (BLEU, ROUGE-L, Exact match).");

  await button(page, "Score").click();
  await waitForIdle(page);
  expect(await statusLine(page).innerText()).toMatch(/^Scored 3 metrics in \d+\.\d s\.$/);
  const score = async (id: string) => (await page.getByTestId(`score-${id}`).innerText()).trim();
  expect(await score("bleu")).toBe(sacreBleu.toFixed(2));
  expect(await score("rouge_l")).toBe(rougeScore.toFixed(2));
  expect(await score("exact_match")).toBe("0.00");

  // The traces list what the scores were computed from.
  const bleuCard = page.locator('section[aria-label="bleu result"]');
  expect(await bleuCard.getByRole("region", { name: "Answer tokens" }).innerText()).toContain("Germany");
  expect(await bleuCard.innerText()).toMatch(/1-grams\s+7 of 10 match\n2-grams\s+4 of 9 match/);
  const rougeCard = page.locator('section[aria-label="rouge_l result"]');
  expect(await rougeCard.innerText()).toMatch(/longest common subsequence: 6/);
  expect(await page.locator('section[aria-label="exact_match result"]').innerText()).toContain("first difference at character 1");

  // Not one request left the page: no judge, no key, no endpoint.
  expect(requestOrigins(s)).toEqual([originOf(e2e.appUrl)]);
  expect(await field(page, "Answer").inputValue()).toBe(ANSWER);
});

// A Chinese sample split one character a token (its bleu, its rouge_l card's tokens, string_presence,
// nothing sent) is scored and rendered in Node: test/app/playground/scoring.test.tsx.
