import { z } from "zod";
import { canonicalJson, sha256Hex } from "../../engine/text/sha256";
import { CHECKS, MODES, sourceChunkSchema } from "../../engine/testset/types";
import { promptOverrideSchema } from "../format/prompt-override";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc, type StorageIssue } from "./doc";
import { withQuota } from "./quota";

/**
 * A test-set generation that may outlive its page (issue 28): everything a resume needs to send
 * the very same requests again, so the reply cache (the llm layer's, keyed by request) answers
 * every one that was answered before, and the same seed gives the same lines. One small document
 * in the `settings` store (one generation at a time): the options, the chunks themselves (the
 * dropped documents are gone after a reload), their hash, the models and endpoint, and the prompt
 * versions it started with (a version chosen in the studio since applies to the next generation,
 * not to this one halfway).
 */

const JOB_KEY = "generationJob";

const jobSchema = z.object({
  id: z.string().min(1),
  /** The dataset the lines are stored as. */
  name: z.string().min(1),
  status: z.enum(["running", "paused"]),
  createdAt: z.number().finite(),
  options: z.object({
    size: z.number().int().min(1),
    mode: z.enum(MODES),
    language: z.string(),
    checks: z.array(z.enum(CHECKS)),
    seed: z.number().int(),
    concurrency: z.number().int().min(1),
  }),
  /** The documents' chunks in the order generated from; `corpusHash` is their sha256 when stored. */
  chunks: z.array(sourceChunkSchema).min(1),
  corpusHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The documents, by name, with how many chunks each gave (what the interrupted line says). */
  documents: z.array(z.object({ name: z.string(), chunks: z.number().int().min(1) })),
  model: z.string(),
  embeddingModel: z.string(),
  baseURL: z.string(),
  prompts: z.record(z.string(), promptOverrideSchema),
});

export type GenerationJob = z.infer<typeof jobSchema>;
/** A job as its starter builds it: the hash is computed here. */
export type NewGenerationJob = Omit<GenerationJob, "corpusHash">;

const JOB_DOC = docType("test-set generation", 1, jobSchema);

function corpusHashOf(chunks: GenerationJob["chunks"]): string {
  return sha256Hex(canonicalJson(chunks));
}

export async function saveGenerationJob(db: AppDb, job: NewGenerationJob | GenerationJob): Promise<GenerationJob> {
  const stored: GenerationJob = { ...job, corpusHash: "corpusHash" in job ? job.corpusHash : corpusHashOf(job.chunks) };
  await withQuota(() => db.put("settings", checkedDoc(JOB_DOC, stored), JOB_KEY));
  return stored;
}

/**
 * The unfinished generation, if any. One that cannot be read, or whose chunks no longer hash to
 * what was stored (a resume would ask other questions and pay for them), is reported and dropped.
 */
export async function loadGenerationJob(db: AppDb): Promise<{ job: GenerationJob | undefined; issues: StorageIssue[] }> {
  const raw = await db.get("settings", JOB_KEY);
  if (raw === undefined) return { job: undefined, issues: [] };
  const read = readDoc(JOB_DOC, raw);
  const problem = !read.ok ? read.message : corpusHashOf(read.value.chunks) !== read.value.corpusHash ? "its documents changed after it was stored" : null;
  if (read.ok && problem === null) return { job: read.value, issues: [] };
  await db.delete("settings", JOB_KEY);
  return { job: undefined, issues: [{ store: "settings", key: JOB_KEY, message: `${problem}; the interrupted generation was dropped` }] };
}

export async function deleteGenerationJob(db: AppDb): Promise<void> {
  await db.delete("settings", JOB_KEY);
}
