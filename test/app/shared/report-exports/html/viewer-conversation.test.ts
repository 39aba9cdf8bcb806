// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { buildReportHtml } from "../../../../../src/app/shared/report-exports/html/report-html";
import { currentReportsT } from "../../../../../src/app/shared/report-exports/messages";
import { useApp } from "../../../../../src/app/shared/store";
import type { Report } from "../../../../../src/storage/format/report-schema";
import { fakeReport } from "../../../../storage/format/report-fixture";
import { accuracyTrace, conversationSample } from "../../explorer/conversation-fixture";

/** A report of one conversation sample scored by tool call accuracy, and one 60-turn conversation without a pairing metric. */
function conversationReport(): Report {
  const base = fakeReport();
  const long = {
    id: "long",
    question: "",
    answer: "",
    contexts: [],
    messages: Array.from({ length: 60 }, (_, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content: `m${i}` })),
  };
  return {
    ...base,
    config: { ...base.config, metrics: ["tool_call_accuracy"] },
    samples: [conversationSample, long],
    results: [
      { sampleId: "c1", metrics: { tool_call_accuracy: { score: 1 / 3, trace: accuracyTrace(conversationSample) } } },
      { sampleId: "long", metrics: {} },
    ],
  };
}

/** Runs the file's viewer on its body, as opening the file does, and opens sample `id`. */
async function openSample(lang: "en" | "zh", id: string): Promise<HTMLElement> {
  useApp.setState({ lang });
  const html = await buildReportHtml(conversationReport(), { ...currentReportsT().html }, lang, {
    names: { tool_call_accuracy: lang === "en" ? "Tool call accuracy" : "工具调用准确率" },
    lowerIsBetter: [],
    lowerIsBetterLabel: "",
  });
  document.documentElement.lang = html.match(/<html lang="([^"]+)">/)![1]!;
  const body = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const script = body.match(/<script>([\s\S]*?)<\/script>/)![1]!;
  document.body.innerHTML = body.replace(/<script>[\s\S]*?<\/script>/, "");
  new Function(script)();
  const row = document.querySelector<HTMLDetailsElement>(`details.row[data-id="${id}"]`)!;
  row.open = true;
  row.dispatchEvent(new Event("toggle"));
  return row.querySelector<HTMLElement>("section.conversation")!;
}

describe("the HTML export's conversation viewer", () => {
  it("shows turns, tool cards with pretty args and matched / extra / missing in words (en, zh)", async () => {
    const en = await openSample("en", "c1");
    const q = (root: HTMLElement, sel: string) => root.querySelector(sel)?.textContent;
    expect(en.getAttribute("aria-label")).toBe("Conversation");
    expect(en.querySelector('[data-testid="turn-0"]')?.getAttribute("aria-label")).toBe("Turn 1: User");
    expect(q(en, '[data-testid="turn-0"] .turn-text')).toBe("Weather in Paris and book a table?");
    expect(en.querySelector('[data-testid="turn-2"]')?.className).toBe("turn turn-tool");
    expect(q(en, '[data-testid="predicted-call-0"] .tool-name')).toBe("weather");
    expect(q(en, '[data-testid="predicted-call-0"] .tool-args')).toBe('{\n  "city": "Paris"\n}');
    expect(q(en, '[data-testid="predicted-call-0"] .call-mark')).toBe(" matched: reference 1");
    expect(q(en, '[data-testid="predicted-call-1"] .call-mark')).toBe(" extra: no reference call");
    expect(q(en, '[data-testid="reference-call-1"] .call-mark')).toBe(" missing: never called");
    expect(q(en, '[data-testid="reference-call-1"] .tool-args')).toBe('{\n  "city": "Paris",\n  "people": 2\n}');
    expect(q(en, '[data-testid="paired-by"]')).toBe("Matches as paired by Tool call accuracy.");

    const zh = await openSample("zh", "c1");
    expect(zh.querySelector('[data-testid="turn-0"]')?.getAttribute("aria-label")).toBe("第 1 轮：用户");
    expect(q(zh, '[data-testid="reference-call-1"] .call-mark')).toBe(" 缺失：未被调用");
    expect(q(zh, '[data-testid="paired-by"]')).toBe("匹配关系取自 工具调用准确率。");
    useApp.setState({ lang: "en" });
  });

  it("folds a 60-turn conversation's middle behind a button, and says no pairing ran", async () => {
    const view = await openSample("en", "long");
    expect(view.querySelectorAll(".turn")).toHaveLength(50);
    const more = view.querySelector<HTMLButtonElement>(".turns-folded button")!;
    expect(more.textContent).toBe("Show 10 more turns");
    more.click();
    expect([...view.querySelectorAll(".turn-text")].map((t) => t.textContent)).toEqual(Array.from({ length: 60 }, (_, i) => `m${i}`));
    expect(view.querySelector('[data-testid="paired-by"]')?.textContent).toBe("No tool-call metric ran on this sample: calls are shown without matches.");
  });
});
