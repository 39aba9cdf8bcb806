import { z } from "zod";
import type { CustomJudge } from "../engine/metrics/custom";
import type { AnyMetricId, MetricOptions } from "../engine/metrics/types";
import type { Sample } from "../engine/sample";
import { canonicalJson, sha256Hex } from "../engine/text/sha256";
import { sanitizeUrl } from "../storage/format/redact";
import type { ReportPrompt } from "../storage/format/report-schema";

/**
 * What makes two runs the same run, kept in the journal's first line so that a journal refused
 * for another run can say what changed, with the old and the new value. The repeat count is left
 * out: raising it later runs only the new repeats. No key: the base URL is stored sanitized.
 */
export const runIdentitySchema = z.object({
  input: z.string(),
  metrics: z.string(),
  models: z.string(),
  baseURL: z.string(),
  /** Prompt id -> hash of the text it runs with. */
  prompts: z.record(z.string(), z.string()),
  /** `faithfulness {"strictness":2}; ...` (journals before this field kept it in `metrics`, in parentheses). */
  options: z.string().optional(),
  /** Slug -> each field of the judge as shown (strictness and scale change scores but not prompt hashes). */
  customJudges: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type RunIdentity = z.infer<typeof runIdentitySchema>;

export interface RunSettings {
  samples: readonly Sample[];
  metrics: readonly AnyMetricId[];
  metricOptions: Partial<Record<string, MetricOptions>>;
  model: string;
  embeddingModel?: string | undefined;
  baseURL: string;
  prompts: readonly ReportPrompt[];
  /** The run's custom judges: a judge's strictness and scale change its score but not its prompt's hash. */
  customJudges?: readonly CustomJudge[];
}

export function runIdentity(run: RunSettings): RunIdentity {
  const options = Object.entries(run.metricOptions)
    .filter(([, o]) => o && Object.keys(o).length > 0)
    .map(([id, o]) => `${id} ${canonicalJson(o)}`);
  return {
    input: `${run.samples.length} sample${run.samples.length === 1 ? "" : "s"}, sha256 ${sha256Hex(canonicalJson(run.samples)).slice(0, 16)}`,
    metrics: run.metrics.join(", "),
    models: `judge ${run.model}, embeddings ${run.embeddingModel ?? "none"}`,
    baseURL: sanitizeUrl(run.baseURL),
    prompts: Object.fromEntries(run.prompts.map((p) => [p.id, p.hash])),
    ...(options.length > 0 ? { options: options.join("; ") } : {}),
    ...(run.customJudges?.length ? { customJudges: Object.fromEntries(run.customJudges.map((j) => [j.slug, judgeFields(j)])) } : {}),
  };
}

/** Every field of a judge's definition, in the order the studio shows them. */
const JUDGE_FIELDS = ["name", "definition", "inputs", "scale", "levels", "strictness", "version"] as const satisfies readonly (keyof CustomJudge)[];

/** Each field as JSON; a long one (a definition) shortened, with a hash that still tells two apart. */
function judgeFields(judge: CustomJudge): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of JUDGE_FIELDS) {
    if (judge[field] === undefined) continue;
    const json = canonicalJson(judge[field]);
    fields[field] = json.length <= 80 ? json : `${json.slice(0, 60)}... (sha256 ${sha256Hex(json).slice(0, 12)})`;
  }
  return fields;
}

/** The fingerprint journals have always carried (version 1 holds nothing else). */
export function runFingerprint(run: RunSettings): string {
  return sha256Hex(
    canonicalJson({
      samples: run.samples,
      metrics: run.metrics,
      baseURL: sanitizeUrl(run.baseURL),
      model: run.model,
      embeddingModel: run.embeddingModel ?? null,
      metricOptions: run.metricOptions,
      prompts: run.prompts.map((p) => p.hash),
      ...(run.customJudges && run.customJudges.length > 0 ? { customJudges: run.customJudges } : {}),
    }),
  );
}

const NAMES = { input: "input", metrics: "metrics", options: "metric options", models: "models", baseURL: "base URL" } as const;

/** Each difference as `the base URL changed (journal: X; now: Y)`; empty when none is known. */
export function describeChanges(was: RunIdentity, now: RunIdentity): string[] {
  // Journals before `options` had a field of their own kept them after the metrics, in parentheses
  // (no metric id holds " ("): compare those in that old spelling.
  const legacy = was.metrics.includes(" (");
  const spelled = (identity: RunIdentity, field: keyof typeof NAMES): string => {
    if (field === "options") return identity.options ?? "none";
    if (field === "metrics" && legacy && identity === now) return `${now.metrics}${now.options ? ` (${now.options})` : ""}`;
    return identity[field];
  };
  const changes: string[] = [];
  for (const field of Object.keys(NAMES) as (keyof typeof NAMES)[]) {
    if (field === "options" && legacy) continue;
    const [before, after] = [spelled(was, field), spelled(now, field)];
    if (before !== after) changes.push(`the ${NAMES[field]} changed (journal: ${before}; now: ${after})`);
  }
  const ids = [...new Set([...Object.keys(was.prompts), ...Object.keys(now.prompts)])];
  const prompts = ids
    .filter((id) => was.prompts[id] !== now.prompts[id])
    .map((id) => `${id} (journal: ${short(was.prompts[id])}; now: ${short(now.prompts[id])})`);
  if (prompts.length > 0) changes.push(`the prompts changed: ${prompts.join(", ")}`);
  changes.push(...judgeChanges(was, now));
  return changes;
}

/** Judges both runs use (one added or dropped shows as a change of the metrics). */
function judgeChanges(was: RunIdentity, now: RunIdentity): string[] {
  const usedBy = (identity: RunIdentity) => new Set(identity.metrics.split(/[ ,()]+/).filter((m) => m.startsWith("custom:")));
  const before = usedBy(was);
  const changes: string[] = [];
  for (const slug of Object.keys(now.customJudges ?? {})) {
    if (!before.has(`custom:${slug}`)) continue;
    const old = was.customJudges?.[slug];
    if (old === undefined) {
      changes.push(`the custom judge "${slug}" may have changed (the journal, from an older version, does not record its settings)`);
      continue;
    }
    const fields = now.customJudges![slug]!;
    const changed = [...new Set([...Object.keys(old), ...Object.keys(fields)])]
      .filter((field) => old[field] !== fields[field])
      .map((field) => `${field} (journal: ${old[field] ?? "none"}; now: ${fields[field] ?? "none"})`);
    if (changed.length > 0) changes.push(`the custom judge "${slug}" changed: ${changed.join(", ")}`);
  }
  return changes;
}

function short(hash: string | undefined): string {
  return hash === undefined ? "not used" : `hash ${hash.slice(0, 12)}`;
}
