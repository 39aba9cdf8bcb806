import type { MetricTraces } from "../../../src/engine/metrics/registry";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { segmentContext } from "../../../src/app/shared/results/traces/highlight";
import { evaluate, type Sample } from "../../../src/engine";
import { splitSentences, splitSentenceSpans } from "../../../src/engine/text/sentences";
import { fixturePath } from "../../fixture-path";
import { scriptedJudge } from "../fake-judge";

/**
 * Sentences keep their place: each is an exact slice of its context, so the playground highlights
 * it in place, and context relevance keeps its contract (per-context sentences, `context` index,
 * 0/1 flags).
 */

const wikiEval = JSON.parse(readFileSync(fixturePath("wikieval", "WikiEval_samples_10.json"), "utf8")) as { context_v1: string[]; context_v2: string[] }[];
const contexts = wikiEval.flatMap((row) => [...row.context_v1, ...row.context_v2]);
const golden = JSON.parse(readFileSync(fixturePath("golden-rules", "golden-rules.json"), "utf8")) as { cases: Record<string, { text: string }[]> };
const texts = [
  ...contexts,
  ...Object.values(golden.cases).flatMap((cases) => cases.map((c) => c.text)),
  "  Lead space.\r\nCRLF line。第二句！\n\n• 9. A • 10. B  ",
];

describe("sentence places", () => {
  it("gives every sentence as the exact, trimmed slice at its offsets, in order", () => {
    expect(contexts.length).toBeGreaterThanOrEqual(20);
    for (const text of texts) {
      const spans = splitSentenceSpans(text);
      expect(spans.length).toBeGreaterThan(0);
      let last = 0;
      for (const span of spans) {
        expect(text.slice(span.start, span.end)).toBe(span.text);
        expect(span.text).toBe(span.text.trim());
        expect(span.start).toBeGreaterThanOrEqual(last);
        last = span.end;
      }
      expect(splitSentences(text)).toEqual(spans.map((s) => s.text));
    }
    expect(splitSentenceSpans("  Lead space.\r\nCRLF line。第二句！")).toEqual([
      { text: "Lead space.", start: 2, end: 13 },
      { text: "CRLF line。", start: 15, end: 25 },
      { text: "第二句！", start: 25, end: 29 },
    ]);
  });

  it("holds on random text built from every mark the rules look at", () => {
    const pieces = [
      " ",
      "  ",
      "\n",
      "a",
      "Word",
      "I",
      "U.S.",
      "Mr.",
      "p.",
      "e.g.",
      "1.",
      "2.)",
      "b.",
      "• ",
      "...",
      ". . .",
      "?!",
      "。",
      "！",
      "．",
      "３",
      "汉字",
    ];
    pieces.push('"', "'", "“", "”", "‘", "’", "「", "」", "《", "》", "(", ")", "[1]", "x@y.com", "http://a.b/c?d=1", "**", "…", "\u3000");
    let seed = 12;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join("");
      let last = 0;
      let covered = "";
      for (const span of splitSentenceSpans(text)) {
        expect(text.slice(span.start, span.end)).toBe(span.text);
        expect(span.text.length).toBeGreaterThan(0);
        expect(span.start).toBeGreaterThanOrEqual(last);
        covered += text.slice(last, span.start).replace(/[^\s]/g, "") + span.text;
        last = span.end;
      }
      // No letter or digit is ever dropped: only pieces without one are left out.
      const words = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, "");
      expect(words(covered)).toBe(words(text));
    }
  });

  it("lets the playground find every WikiEval sentence in its context", () => {
    for (const text of contexts) {
      const sentences = splitSentences(text).map((s, i) => ({ text: s, relevant: (i % 2) as 0 | 1 }));
      const segments = segmentContext(text, sentences);
      expect(segments).not.toBeNull();
      expect(segments!.filter((s) => s.relevant !== undefined).map((s) => s.text)).toEqual(sentences.map((s) => s.text));
      expect(segments!.map((s) => s.text).join("")).toBe(text);
    }
  });

  it("keeps the context relevance contract: sentences per context, context index, 0/1 flags", async () => {
    const sample: Sample = {
      id: "places",
      question: "When does PSLV-C56 launch?",
      answer: "On 30 July 2023.",
      contexts: ["1. Launch: 30 July 2023 at 06:30 IST. 2. Site: Sriharikota, India.", "发射定于周日。地点在印度（Sriharikota）。"],
    };
    const { judge, requests } = scriptedJudge({ "context_relevance.sentences": { needed: [1, 3] } });
    const out = await evaluate([sample], ["context_relevance"], { judge, concurrency: 1 });
    const result = out.results[0]!.metrics.context_relevance!;
    expect((result.trace as MetricTraces["context_relevance"]).sentences).toEqual([
      { text: "1. Launch: 30 July 2023 at 06:30 IST.", context: 0, relevant: 1 },
      { text: "2. Site: Sriharikota, India.", context: 0, relevant: 0 },
      { text: "发射定于周日。", context: 1, relevant: 1 },
      { text: "地点在印度（Sriharikota）。", context: 1, relevant: 0 },
    ]);
    expect(result.score).toBe(0.5);
    const user = requests[0]!.messages.map((m) => m.content).join("\n");
    expect(user).toContain("[2] 2. Site: Sriharikota, India.\n[3] 发射定于周日。");
  });
});
