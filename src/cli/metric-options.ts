import type { CustomJudge } from "../engine/metrics/custom";
import { isCustomId } from "../engine/metrics/custom";
import { parseMetricOptions } from "../engine/metrics/options";
import { getMetric } from "../engine/metrics/registry";
import type { AnyMetricId, MetricOptions } from "../engine/metrics/types";
import type { FlagValues } from "./flags";

type ScoreArgs = FlagValues<"score">;
import { UsageError } from "./errors";

export type OptionsByMetric = Partial<Record<AnyMetricId, MetricOptions>>;

/**
 * The options each metric of the run gets: `--option METRIC.KEY=VALUE` (checked by the metric's
 * own schema) over the older shorthands --questions and --per-context. Without `judges` (before
 * the --prompts file is read) custom judges are left for a second pass. Every mistake names the
 * metric and key: an option for a metric not in --metrics, a key it does not read, a value out of range.
 */
export function resolveMetricOptions(args: ScoreArgs, judges?: readonly CustomJudge[]): OptionsByMetric {
  const out: OptionsByMetric = {};
  if (args.questions !== undefined) out.answer_relevancy = { questions: args.questions };
  if (args.perContext) out.context_precision = { perContextCalls: true };
  for (const [id, raw] of Object.entries(args.options ?? {})) {
    if (!(args.metrics as readonly string[]).includes(id)) throw new UsageError(`--option ${id}: "${id}" is not among --metrics (${args.metrics.join(", ")})`);
    if (isCustomId(id) && judges === undefined) continue;
    if (isCustomId(id) && !judges!.some((j) => `custom:${j.slug}` === id)) continue; // named by checkCustomJudges
    const parsed = parseMetricOptions(id as AnyMetricId, raw, judges ?? []);
    if (!parsed.ok) throw new UsageError(`--option ${parsed.message}`);
    out[id as AnyMetricId] = { ...out[id as AnyMetricId], ...parsed.options };
  }
  return out;
}

/** Every custom:<slug> of --metrics must be a judge of the --prompts file. */
export function checkCustomJudges(args: ScoreArgs, judges: readonly CustomJudge[]): void {
  for (const id of args.metrics) {
    if (!isCustomId(id) || judges.some((j) => `custom:${j.slug}` === id)) continue;
    const known = judges.map((j) => `custom:${j.slug}`).join(", ");
    throw new UsageError(
      args.prompts
        ? `--metrics: ${args.prompts} defines no judge "${id}"${known ? ` (it defines ${known})` : " (it defines none)"}`
        : `--metrics: "${id}" is a custom judge; pass the prompt set that defines it with --prompts`,
    );
  }
}

/** Metrics that need an embedding model with these options (answer_correctness with weights x,0 does not). */
export function checkEmbeddingModel(args: ScoreArgs, options: OptionsByMetric, judges: readonly CustomJudge[] = []): void {
  if (args.embeddingModel) return;
  for (const id of args.metrics) {
    if (isCustomId(id) && !judges.some((j) => `custom:${j.slug}` === id)) continue;
    const metric = getMetric(id, judges);
    const opts = options[id] ?? {};
    if (metric.needsEmbedder?.(opts) ?? metric.usesEmbeddings) throw new UsageError(`${id} needs --embedding-model (or leave it out of --metrics)`);
  }
}
