import {
  type AnyMetricId,
  type CustomJudge,
  callsPerSample,
  customId,
  getMetric,
  type Localized,
  METRIC_IDS,
  metricShape,
  needsNoModel,
  type MetricOptions,
  type OptionField,
  parseMetricOptions,
  type Sample,
} from "../../../engine";

/**
 * The metric picker's model (issue 16): every built-in metric and the user's judges in three
 * groups (needs a judge / needs embeddings / no judge), each with the inputs it needs and its
 * requests per sample for the options set. Pure, so the playground and the run form share it.
 */

export type PickerGroup = "judge" | "embeddings" | "none" | "custom";

/** Raw option values as typed (text, or a checkbox's boolean); parseMetricOptions checks them. */
export type RawOptions = Record<string, string | boolean>;

export interface PickerRow {
  id: AnyMetricId;
  group: PickerGroup;
  requires: readonly string[];
  chat: number;
  embedding: number;
  /** The options as the engine reads them, or what is wrong with them. */
  options: MetricOptions;
  optionsError?: OptionProblem;
  /** What each option is when left empty (shown as the field's placeholder or first choice). */
  defaults: MetricOptions;
  /** One line on what it measures, per language (its folder's words; a judge's own definition). */
  descriptions: Localized;
}

/** An option value the metric refuses: `key` names the option (when the schema says), `message` is the engine's own words (for logs). */
export interface OptionProblem {
  id: AnyMetricId;
  key?: string;
  message: string;
}

function groupOf(id: AnyMetricId, options: MetricOptions, judges: readonly CustomJudge[]): PickerGroup {
  if (id.startsWith("custom:")) return "custom";
  const metric = getMetric(id, judges);
  if (needsNoModel(metric)) return "none";
  // A judge metric that also embeds (answer_relevancy, answer_correctness) sits with the embedding ones: it needs both models.
  return (metric.needsEmbedder?.(options) ?? metric.usesEmbeddings) ? "embeddings" : "judge";
}

/** Empty strings are "not set" (the metric's default), not a value to check. */
function checkOptions(id: AnyMetricId, raw: RawOptions | undefined, judges: readonly CustomJudge[]): { options: MetricOptions; error?: OptionProblem } {
  const set = Object.fromEntries(Object.entries(raw ?? {}).filter(([, v]) => v !== "" && v !== false));
  const parsed = parseMetricOptions(id, set, judges);
  if (parsed.ok) return { options: parsed.options };
  return { options: {}, error: { id, message: parsed.message, ...(parsed.key ? { key: parsed.key } : {}) } };
}

export function pickerRows(sample: Sample, judges: readonly CustomJudge[], raw: Readonly<Record<string, RawOptions>>): PickerRow[] {
  const ids: AnyMetricId[] = [...METRIC_IDS, ...judges.map(customId)];
  return ids.map((id) => {
    const { options, error } = checkOptions(id, raw[id], judges);
    const calls = callsPerSample(id, sample, options, judges);
    const metric = getMetric(id, judges);
    return {
      id,
      group: groupOf(id, options, judges),
      requires: metric.pickerInputs ?? metric.requires,
      defaults: metric.defaults ?? {},
      descriptions: metric.descriptions,
      chat: calls.chat,
      embedding: calls.embedding,
      options,
      ...(error ? { optionsError: error } : {}),
    };
  });
}

/** The options of every selected metric that has any, for evaluate / runDataset's `metricOptions`. */
export function metricOptionsOf(
  ids: readonly AnyMetricId[],
  raw: Readonly<Record<string, RawOptions>>,
  judges: readonly CustomJudge[],
): { options: Partial<Record<AnyMetricId, MetricOptions>>; errors: OptionProblem[] } {
  const options: Partial<Record<AnyMetricId, MetricOptions>> = {};
  const errors: OptionProblem[] = [];
  for (const id of ids) {
    const checked = checkOptions(id, raw[id], judges);
    if (checked.error) errors.push(checked.error);
    else if (Object.keys(checked.options).length > 0) options[id] = checked.options;
  }
  return { options, errors };
}

/** "mode=recall, beta=2": how a report or a card shows the options beside the score. */
export function optionsText(options: MetricOptions | undefined): string {
  return Object.entries(options ?? {})
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("/") : String(v)}`)
    .join(", ");
}

/** Which option fields a metric shows: its folder's list (its schema checks the values). */
export function optionFields(id: AnyMetricId): readonly OptionField[] {
  return metricShape(id)?.optionFields ?? [];
}
