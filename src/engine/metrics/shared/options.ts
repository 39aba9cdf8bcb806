import { z } from "zod";
import type { MetricOptions } from "../definition";

/**
 * Building blocks for the metrics' option schemas. Options arrive as values from the UI or as
 * text from the CLI (`--option factual_correctness.beta=0.5`), so each block takes both; a
 * metric's schema is strict, so a misspelt key is an error that names the key, not a silent default.
 */

const fromText = (value: unknown) => (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value);

export const positiveNumber = z.preprocess(fromText, z.number().positive().finite());
export const wholeNumber = (min: number, max: number) => z.preprocess(fromText, z.number().int().min(min).max(max));

export const flag = z.preprocess((value) => (value === "true" ? true : value === "false" ? false : value), z.boolean());

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** Two non-negative weights, not both 0; text "0.75,0.25" or an array. */
export const weightPair = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => fromText(part.trim())) : value),
    z.tuple([z.number().min(0).finite(), z.number().min(0).finite()]),
  )
  .refine(([a, b]) => a + b > 0, "the two weights cannot both be 0");

/**
 * A metric's option schema: exactly these keys, each optional. A key MetricOptions lacks fails the
 * type check here; a value of another type than its field fails where the schema becomes a
 * metric's `options` (a z.ZodType<MetricOptions>), so what it parses is a MetricOptions.
 */
export function optionsOf<const S extends z.ZodRawShape>(shape: S & Record<Exclude<keyof S, keyof MetricOptions>, never>) {
  return z.strictObject<S>(shape);
}
