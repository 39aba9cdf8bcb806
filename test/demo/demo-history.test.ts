import "fake-indexeddb/auto";
import { expect, it } from "vitest";
import { evaluate, METRIC_IDS as ALL_METRIC_IDS, METRICS, needsNoModel, PAPER_METRIC_IDS } from "../../src/engine";

/** What the demo judge answers: the paper's five, and the metrics that need no judge. */
const METRIC_IDS = ALL_METRIC_IDS.filter((id) => (PAPER_METRIC_IDS as readonly string[]).includes(id) || needsNoModel(METRICS[id]));
import { BUILT_IN_EXAMPLES, createDemoEmbedder, createDemoJudge, DEMO_JUDGE_MODEL } from "../../src/demo";
import { addHistoryEntry, getHistoryEntry, openAppDb } from "../../src/storage/db";

it("a real demo run is stored in history and read back unchanged (the stored schemas accept real traces)", async () => {
  const db = await openAppDb("demo-history");
  for (const example of BUILT_IN_EXAMPLES) {
    const out = await evaluate([example.sample], METRIC_IDS, { judge: createDemoJudge(), embedder: createDemoEmbedder(), concurrency: 4 });
    const results = out.results[0]!.metrics;
    const added = await addHistoryEntry(db, { sample: example.sample, metrics: [...METRIC_IDS], results, model: DEMO_JUDGE_MODEL, demo: true });
    const { entry, issues } = await getHistoryEntry(db, added.id);
    expect(issues).toEqual([]);
    expect(entry?.results).toEqual(JSON.parse(JSON.stringify(results)));
  }
  db.close();
});
