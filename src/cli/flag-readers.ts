import { isCustomId } from "../engine/metrics/custom";
import { type AnyMetricId, METRIC_IDS, PAPER_METRIC_IDS } from "../engine/metrics/types";
import type { PriceRow } from "../storage/prices";
import { UsageError } from "./errors";

/**
 * How a flag's text becomes its value, for the rows of the flag table (flags.ts). Each reader
 * throws a UsageError that names the flag and what it accepts.
 */

/** "a, b,,c" -> ["a", "b", "c"]. */
const commaList = (raw: string) =>
  raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

export const text = (raw: string | true | undefined) => (typeof raw === "string" ? raw : undefined);
export const present = (raw: string | true | undefined) => text(raw) as string;
export const switched = (raw: string | true | undefined) => raw === true;
export const whole =
  <D extends number | undefined>(min: number, max: number, fallback: D) =>
  (raw: string | true | undefined, flag: string): number | D => {
    if (typeof raw !== "string") return fallback;
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      throw new UsageError(`${flag} expects a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return Number(raw);
  };
/** Comma-separated ids from a closed set, deduplicated; the fallback when the flag is absent. */
export const idsOf =
  <T extends string>(noun: string, allowed: readonly T[], fallback: readonly T[]) =>
  (raw: string | true | undefined, flag: string): T[] => {
    if (typeof raw !== "string") return [...fallback];
    const ids = commaList(raw);
    if (ids.length === 0) throw new UsageError(`${flag} needs at least one ${noun} (allowed: ${allowed.join(", ")})`);
    for (const id of ids) {
      if (!(allowed as readonly string[]).includes(id)) throw new UsageError(`${flag}: unknown ${noun} "${id}" (allowed: ${allowed.join(", ")})`);
    }
    return [...new Set(ids)] as T[];
  };
/** Ids joined with ", " in lines of at most 70 characters (for --help). */
export function wrapIds(ids: readonly string[]): string {
  const lines: string[] = [];
  for (const id of ids) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + id.length + 2 <= 70) lines[last] += `, ${id}`;
    else lines.push(id);
  }
  return lines.join(",\n");
}

/** --metrics: built-in ids and `custom:<slug>` judges (defined by the --prompts file); the paper's five when absent. */
export const metricIds = (raw: string | true | undefined, flag: string): AnyMetricId[] => {
  if (typeof raw !== "string") return [...PAPER_METRIC_IDS];
  const allowed = `${METRIC_IDS.join(", ")}, custom:<slug>`;
  const ids = commaList(raw);
  if (ids.length === 0) throw new UsageError(`${flag} needs at least one metric (allowed: ${allowed})`);
  for (const id of ids) {
    if (!(METRIC_IDS as readonly string[]).includes(id) && !isCustomId(id)) throw new UsageError(`${flag}: unknown metric "${id}" (allowed: ${allowed})`);
  }
  return [...new Set(ids)] as AnyMetricId[];
};

/**
 * `--option METRIC.KEY=VALUE`, repeatable: the raw option texts per metric. Each metric's own
 * schema checks them once the metrics (and the custom judges of --prompts) are known.
 */
export function readOptions(raws: readonly string[], flag: string): Record<string, Record<string, string>> | undefined {
  if (raws.length === 0) return undefined;
  const out: Record<string, Record<string, string>> = {};
  for (const raw of raws) {
    const m = /^([^=\s]+)\.([A-Za-z]+)=(.*)$/s.exec(raw.trim());
    // When the pattern matches, every group holds a text: the defaults only satisfy the type of an array index.
    const [, metric = "", key = "", value = ""] = m ?? [];
    if (!m || value.trim() === "") throw new UsageError(`${flag} expects METRIC.KEY=VALUE (e.g. factual_correctness.mode=recall), got "${raw}"`);
    const options = out[metric] ?? {};
    out[metric] = options;
    if (key in options) throw new UsageError(`${flag}: ${metric}.${key} is given twice`);
    options[key] = value.trim();
  }
  return out;
}

export const oneOf = <T extends string>(flag: string, raw: string | true | undefined, allowed: readonly T[]): T | undefined => {
  if (typeof raw !== "string") return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw new UsageError(`${flag} expects one of ${allowed.join(", ")}, got "${raw}"`);
  return raw as T;
};
export const httpUrl = (raw: string | true | undefined, flag: string) => {
  // Absent is allowed here: score runs the metrics that need no judge without an endpoint (args.ts decides).
  if (raw === undefined) return undefined;
  const url = present(raw);
  if (!/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) throw new UsageError(`${flag} must start with http:// or https://, got "${url}"`);
  return url;
};

/**
 * `--price MODEL=IN/OUT[,MODEL=IN/OUT...]`: USD per 1M prompt / completion tokens, e.g.
 * `--price my-judge=0.15/0.6,my-embedder=0.02/0`.
 */
export function parsePrices(raw: string): PriceRow[] {
  return commaList(raw).map((entry) => {
    const m = /^(.+?)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(entry);
    if (!m) throw new UsageError(`--price expects MODEL=IN/OUT in USD per 1M tokens (e.g. gpt-4o-mini=0.15/0.6), got "${entry}"`);
    return { model: m[1]!.trim(), input: Number(m[2]), output: Number(m[3]) };
  });
}

/** A number in [min, max] (decimal notation), e.g. --alpha 0.05; the fallback when absent. */
export const fraction =
  <D extends number | undefined>(min: number, max: number, fallback: D, open = false) =>
  (raw: string | true | undefined, flag: string): number | D => {
    if (typeof raw !== "string") return fallback;
    const value = Number(raw.trim());
    const inRange = open ? value > min && value < max : value >= min && value <= max;
    if (!/^\d*\.?\d+$/.test(raw.trim()) || !inRange) {
      throw new UsageError(
        `${flag} expects a number ${open ? "between" : "from"} ${min} ${open ? "and" : "to"} ${max}${open ? " (exclusive)" : ""}, got "${raw}"`,
      );
    }
    return value;
  };

/**
 * `--threshold METRIC=VALUE`, repeatable (contract 14): the CI gate's bar per metric, a score in
 * [0, 1]; a lower-is-better metric passes at or below it.
 */
export function readThresholds(raws: readonly string[], flag: string): Record<string, number> | undefined {
  if (raws.length === 0) return undefined;
  const out: Record<string, number> = {};
  for (const raw of raws) {
    const m = /^([^=\s]+)=(\d*\.?\d+)$/.exec(raw.trim());
    const [, metric = "", value = ""] = m ?? [];
    if (!m || Number(value) > 1) throw new UsageError(`${flag} expects METRIC=VALUE with VALUE from 0 to 1 (e.g. faithfulness=0.8), got "${raw}"`);
    if (!(METRIC_IDS as readonly string[]).includes(metric) && !isCustomId(metric)) throw new UsageError(`${flag}: unknown metric "${metric}"`);
    if (metric in out) throw new UsageError(`${flag}: ${metric} is given twice`);
    out[metric] = Number(value);
  }
  return out;
}

/** compare's --metrics: ids as written (checked against the two reports, which may hold custom judges); absent = every metric both hold. */
export const anyIds = (raw: string | true | undefined, flag: string): string[] | undefined => {
  if (typeof raw !== "string") return undefined;
  const ids = commaList(raw);
  if (ids.length === 0) throw new UsageError(`${flag} needs at least one metric id`);
  return [...new Set(ids)];
};
