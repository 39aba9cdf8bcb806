import { describe, expect, it } from "vitest";
import { evaluate, type Sample, usageOf, allCalls } from "../../../src/engine";
import { tableEmbedder } from "../fake-judge";
import { workedJudge } from "../metrics/worked-judge";

const sample: Sample = {
  id: "canberra",
  question: "What is the capital of Australia?",
  answer: "Canberra is the capital of Australia.",
  reference: "Canberra is the capital of Australia. It was founded in 1913.",
  contexts: ["Canberra is the capital of Australia."],
};
const G = ["Canberra is the capital of Australia.", "Canberra was founded in 1913."];
const A = ["Canberra is the capital of Australia."];

describe("one sample's metrics share the requests they have in common", () => {
  it("faithfulness, answer correctness and noise sensitivity split the answer once and the reference once", async () => {
    const { judge, requests } = workedJudge({
      statements: { [sample.answer]: A, [sample.reference!]: G },
      sources: { answer: sample.answer, reference: sample.reference!, context: sample.contexts[0]! },
      nli: { [`reference | ${A[0]}`]: 1, [`answer | ${G[0]}`]: 1, [`answer | ${G[1]}`]: 0, [`context | ${G[0]}`]: 1, [`context | ${G[1]}`]: 0 },
      delayMs: 5,
    });
    const { embedder } = tableEmbedder({});
    const out = await evaluate([sample], ["faithfulness", "answer_correctness", "noise_sensitivity"], { judge, embedder, concurrency: 8 });
    const metrics = out.results[0]!.metrics;
    for (const id of ["faithfulness", "answer_correctness", "noise_sensitivity"] as const) expect(metrics[id]!.score, id).not.toBeNull();

    const sent = requests.map((r) => `${r.promptId}: ${r.messages[1]!.content.split("\n")[1]}`);
    // Split once each; the answer's statements checked against the reference once (answer correctness and noise sensitivity both need it).
    expect(sent.filter((s) => s.startsWith("faithfulness.statements"))).toHaveLength(2);
    expect(requests).toHaveLength(2 + 1 + 1 + 1 + 1); // 2 splits; answer vs reference; reference vs answer; answer vs context (faithfulness); both lists vs context (noise)
    // Every metric still lists every step it used; the copies are marked cached, so the run is billed once per request.
    expect(metrics.answer_correctness!.trace.calls.filter((c) => c.kind === "chat")).toHaveLength(4);
    expect(metrics.noise_sensitivity!.trace.calls).toHaveLength(4);
    const usage = usageOf(allCalls(out.results));
    expect(usage.chatRequests).toBe(requests.length);
    expect(usage.cachedRequests).toBe(2 + 4 + 4 - requests.length);
  });
});
