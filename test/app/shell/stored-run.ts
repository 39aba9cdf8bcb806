import { appDb } from "../../../src/app/shared/persist/db";
import { createDataset } from "../../../src/storage/db/datasets";
import { createRun, type RunMeta, ZERO_USAGE } from "../../../src/storage/db/runs";

/**
 * A one-sample dataset and a run of it stored as "running" (what a page that was closed mid-run
 * leaves behind), for the interrupted-run tests; `run` overrides the meta's fields.
 */
export async function storedRunningRun(dataset: string, run: Partial<RunMeta> & Pick<RunMeta, "id" | "name">): Promise<RunMeta> {
  const db = (await appDb())!;
  const samples = [{ id: "a", question: "q?", answer: "a.", contexts: ["c."] }];
  const stored = await createDataset(db, { name: dataset, source: { file: `${dataset}.csv`, kind: "csv" }, samples });
  const meta: RunMeta = {
    datasetId: stored.id,
    datasetName: dataset,
    createdAt: 1,
    updatedAt: 1,
    status: "running",
    metrics: ["faithfulness"],
    repeat: 1,
    concurrency: 1,
    sampleCount: 1,
    model: "m",
    embeddingModel: "",
    baseURL: "http://x/v1",
    prompts: {},
    promptsUsed: [],
    activeMs: 0,
    unrecorded: { ...ZERO_USAGE },
    ...run,
  };
  await createRun(db, meta, samples);
  return meta;
}
