import type { IDBPTransaction, StoreNames } from "idb";
import { z } from "zod";
import { type Sample, sampleSchema } from "../../engine/sample";
import { canonicalJson, sha256Hex } from "../../engine/text/sha256";
import type { AppDb } from "./schema";
import { type DocType, readRow, type StorageIssue, writeDoc } from "./doc";
import type { AppDbSchema } from "./schema";

/**
 * What a run scored, kept with the run: one `runSamples` row per sample (its id, position and the
 * hash of its content) and the content itself in `sampleContents`, addressed by that hash, so two
 * runs over the same rows store the text once. A run's report is built from these rows, never
 * from its dataset, which stays editable. Deleting a run deletes its rows and every content no
 * other run still points at.
 */

interface RunSampleRow {
  runId: string;
  position: number;
  sampleId: string;
  hash: string;
}

/** A sample's content without its id (the id belongs to the row: two datasets may name one text differently). */
type SampleContent = Omit<Sample, "id">;

const rowSchema = z.object({
  runId: z.string().min(1),
  position: z.number().int().nonnegative(),
  sampleId: z.string().min(1),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
const contentSchema = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), sample: sampleSchema.omit({ id: true }) });

const RUN_SAMPLE_DOC: DocType<RunSampleRow> = { what: "run sample", version: 1, schema: rowSchema };
const CONTENT_DOC: DocType<z.infer<typeof contentSchema>> = { what: "sample content", version: 1, schema: contentSchema };

type Store = StoreNames<AppDbSchema>;
type Writing = "readwrite" | "versionchange";

/**
 * A writing transaction that holds the stores `Needed` and whatever `Others` its caller needs. The
 * functions that take one are generic over `Others` and the mode because idb types a transaction
 * by its exact store list and mode: one fixed type for every caller's transaction needs a cast.
 */
export type TxHolding<Needed extends Store, Others extends Store, Mode extends Writing> = IDBPTransaction<AppDbSchema, ArrayLike<Needed | Others>, Mode>;

type SnapshotStores = "runSamples" | "sampleContents";

function contentOf(sample: Sample): SampleContent {
  const { id: _id, ...content } = sample;
  return content;
}

/** The content address of a sample: SHA-256 of its canonical JSON without the id. */
export function sampleHash(sample: Sample): string {
  return sha256Hex(canonicalJson(contentOf(sample)));
}

/** The key range of one run's rows. */
function runSamplesOf(runId: string): IDBKeyRange {
  return IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]);
}

/**
 * Writes a run's snapshot inside a transaction that holds both stores (the caller's, so the run
 * document and its inputs commit together). Requests are queued without awaiting each one.
 */
export function putSnapshot<Others extends Store, Mode extends Writing>(
  tx: TxHolding<SnapshotStores, Others, Mode>,
  runId: string,
  samples: readonly Sample[],
): Promise<unknown> {
  const rows = tx.objectStore("runSamples");
  const contents = tx.objectStore("sampleContents");
  const writes: Promise<unknown>[] = [];
  const seen = new Set<string>();
  samples.forEach((sample, position) => {
    const hash = sampleHash(sample);
    writes.push(rows.put(writeDoc(RUN_SAMPLE_DOC, { runId, position, sampleId: sample.id, hash })));
    if (seen.has(hash)) return;
    seen.add(hash);
    writes.push(contents.put(writeDoc(CONTENT_DOC, { hash, sample: contentOf(sample) })));
  });
  return Promise.all(writes);
}

/** A run's samples as it scored them, in order; a missing or unreadable row is reported and skipped. */
export async function loadRunSamples(db: AppDb, runId: string): Promise<{ samples: Sample[]; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const tx = db.transaction(["runSamples", "sampleContents"], "readonly");
  const rawRows = await tx.objectStore("runSamples").getAll(runSamplesOf(runId));
  const rows = rawRows.flatMap((raw) => readRow(RUN_SAMPLE_DOC, raw, "runSamples", `${runId}#${(raw as { position?: unknown }).position}`, issues) ?? []);
  const hashes = [...new Set(rows.map((r) => r.hash))];
  const contents = new Map<string, SampleContent>();
  const store = tx.objectStore("sampleContents");
  await Promise.all(
    hashes.map(async (hash) => {
      const raw = await store.get(hash);
      if (raw === undefined) return issues.push({ store: "sampleContents", key: hash, message: "the sample's text is missing; it was skipped" });
      const doc = readRow(CONTENT_DOC, raw, "sampleContents", hash, issues);
      if (doc && doc.hash === hash) contents.set(hash, doc.sample);
    }),
  );
  await tx.done;
  const samples = rows.flatMap((row) => {
    const content = contents.get(row.hash);
    return content ? [{ id: row.sampleId, ...content }] : [];
  });
  return { samples, issues };
}

/**
 * Deletes a run's snapshot rows and then every content hash no other row references. Runs inside
 * the caller's transaction (over runSamples and sampleContents), so a run and its inputs go together.
 */
export async function deleteSnapshot<Others extends Store, Mode extends Writing>(tx: TxHolding<SnapshotStores, Others, Mode>, runId: string): Promise<void> {
  const rows = tx.objectStore("runSamples");
  const contents = tx.objectStore("sampleContents");
  const raw = await rows.getAll(runSamplesOf(runId));
  const hashes = new Set(raw.map((r) => (r as { hash?: unknown }).hash).filter((h): h is string => typeof h === "string"));
  await rows.delete(runSamplesOf(runId));
  for (const hash of hashes) {
    if ((await rows.index("hash").count(hash)) === 0) await contents.delete(hash);
  }
}
