// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportHtml } from "../../../../../src/app/shared/report-exports/exports";
import { currentReportsT } from "../../../../../src/app/shared/report-exports/messages";
import { useApp } from "../../../../../src/app/shared/store";
import type { Report } from "../../../../../src/storage/format/report-schema";
import { everyMetricReport } from "../../../../e2e/every-metric-report";
import { type MockServer, startMockServer } from "../../../../mock/server";

/**
 * Issue 26: the HTML export names its metrics as the app does, in the language it was exported
 * in (a custom judge by its name), keeps the id in reach (tooltip, card), and colours noise
 * sensitivity, where lower is better, the right way round (0 green, 1 red), as the app does.
 */
let mock: MockServer;
let report: Report;
beforeAll(async () => {
  mock = await startMockServer({});
  report = await everyMetricReport(mock.url, 4, ["noise_sensitivity", "bleu", "custom:cites-sources"]);
}, 120_000);
afterAll(() => mock.close());

/** Loads the exported file's body and runs its viewer script, as the file does when opened. */
function open(html: string): void {
  document.documentElement.lang = html.match(/<html lang="([^"]+)">/)![1]!;
  const body = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const script = body.match(/<script>([\s\S]*?)<\/script>/)![1]!;
  document.body.innerHTML = body.replace(/<script>[\s\S]*?<\/script>/, "");
  new Function(script)();
}

async function exported(lang: "en" | "zh"): Promise<void> {
  useApp.setState({ lang });
  open(await exportHtml(report, [], { ...currentReportsT().html }, lang));
}

const header = (id: string) => document.querySelector<HTMLButtonElement>(`button.sort[data-key="${id}"]`)!;
const card = (id: string) => [...document.querySelectorAll(".card")].find((c) => c.querySelector("code.metric-id")?.textContent === id)!;

describe("the HTML export's metric names and score colours", () => {
  it("headers and cards show each metric's name in the export's language, the id in the tooltip and on the card", async () => {
    await exported("en");
    expect(header("noise_sensitivity").textContent).toBe("Noise sensitivity");
    expect(header("noise_sensitivity").title).toBe("Noise sensitivity (noise_sensitivity)");
    expect(header("bleu").textContent).toBe("BLEU");
    expect(header("custom:cites-sources").textContent).toBe("Cites the retrieved sources it relies on");
    expect(card("noise_sensitivity").querySelector("h3")!.textContent).toBe("Noise sensitivitynoise_sensitivity");
    expect(card("noise_sensitivity").textContent).toContain("lower is better");
    expect(card("bleu").textContent).not.toContain("lower is better");

    await exported("zh");
    expect(header("noise_sensitivity").textContent).toBe("噪声敏感度");
    expect(header("noise_sensitivity").title).toBe("噪声敏感度 (noise_sensitivity)");
    expect(header("custom:cites-sources").textContent).toBe("Cites the retrieved sources it relies on");
    expect(card("noise_sensitivity").textContent).toContain("越低越好");
    expect(document.querySelector('[role="status"]')!.textContent).toBe("显示 4 / 4 个样本");
    useApp.setState({ lang: "en" });
  });

  // The summary list, the table and the sort buttons were named in English in a Chinese export.
  it("names its lists and sort buttons in the export's language; in Chinese a sort button's name holds what it shows", async () => {
    const names = () => ({
      cards: document.querySelector(".cards")!.getAttribute("aria-label"),
      table: document.querySelector('[role="table"]')!.getAttribute("aria-label"),
      noise: header("noise_sensitivity").getAttribute("aria-label"),
      bleu: header("bleu").getAttribute("aria-label"),
    });
    await exported("en");
    // English keeps the ids scripts and tests sort by.
    expect(names()).toEqual({ cards: "Summary", table: "Samples", noise: "Sort by noise_sensitivity", bleu: "Sort by bleu" });
    await exported("zh");
    expect(names()).toEqual({ cards: "汇总", table: "样本", noise: "按噪声敏感度排序", bleu: "按BLEU排序" });
    for (const button of document.querySelectorAll<HTMLButtonElement>("button.sort"))
      expect(button.getAttribute("aria-label"), button.dataset.key).toContain(button.textContent!);
    useApp.setState({ lang: "en" });
  });

  it("noise sensitivity is coloured the other way round: its best score, 0, is green; bleu's 0 stays red", async () => {
    await exported("en");
    const scored = report.results.flatMap((r) =>
      (["noise_sensitivity", "bleu"] as const).flatMap((m) => {
        const score = r.metrics[m]?.score;
        return typeof score === "number" ? [{ id: r.sampleId, m, score }] : [];
      }),
    );
    // The mock's judge finds no claim of the answer resting on a wrong context: noise sensitivity 0, its best.
    const best = scored.filter((s) => s.m === "noise_sensitivity" && s.score === 0);
    expect(best.length).toBeGreaterThan(0);
    for (const { id } of best) expect(document.querySelector(`[data-testid="score-${id}-noise_sensitivity"]`)!.className).toBe("score high");
    for (const { id, m, score } of scored) {
      const good = m === "noise_sensitivity" ? 1 - score : score;
      const expected = good >= 0.8 ? "high" : good >= 0.5 ? "medium" : "low";
      expect(document.querySelector(`[data-testid="score-${id}-${m}"]`)!.className, `${id} ${m} ${score}`).toBe(`score ${expected}`);
    }
    const mean = (report.summary.noise_sensitivity as { mean: number }).mean;
    expect(document.querySelector('[data-testid="mean-noise_sensitivity"]')!.className).toBe(
      `score ${1 - mean >= 0.8 ? "high" : 1 - mean >= 0.5 ? "medium" : "low"}`,
    );
  });

  it('an opened sample\'s metric blocks carry each score without a stray data-testid="undefined"', async () => {
    await exported("en");
    const details = document.querySelector<HTMLDetailsElement>("details.row")!;
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    const blocks = [...details.querySelectorAll("section.metric")];
    expect(blocks).toHaveLength(report.config.metrics.length);
    // The block shows its score as the row's chip does, only without a test id of its own.
    expect(blocks[0]!.querySelector("h3 .score, h3 code.null")).not.toBeNull();
    expect(document.querySelectorAll('[data-testid="undefined"]')).toHaveLength(0);
  });
});
