import { z } from "zod";

/**
 * Judges write 0/1 flags in many ways ("1", true, "yes"); structured output makes that rare but
 * JSON mode and small local models do it often, so flags are coerced before validation.
 */
export const binaryFlag = z.preprocess(
  (value) => {
    if (value === true || value === 1 || value === "1") return 1;
    if (value === false || value === 0 || value === "0") return 0;
    if (typeof value === "string") {
      const v = value.trim().toLowerCase();
      if (["yes", "true", "supported", "attributed", "useful", "是"].includes(v)) return 1;
      if (["no", "false", "unsupported", "not attributed", "not useful", "否"].includes(v)) return 0;
    }
    return value;
  },
  z.union([z.literal(0), z.literal(1)]),
);

export const itemNumber = z.coerce.number().int().positive();

type JsonType = "string" | "integer" | "flag" | { array: JsonProperties } | { arrayOf: "string" | "integer" };
export interface JsonProperties {
  [name: string]: JsonType;
}

/**
 * Strict JSON Schema (every property required, no extras) as structured output demands, with
 * the schema name as the root title so a server-less fallback still names the shape.
 */
export function strictObjectSchema(title: string | undefined, properties: JsonProperties): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(properties)) props[name] = jsonType(type);
  const schema: Record<string, unknown> = { type: "object", properties: props, required: Object.keys(properties), additionalProperties: false };
  return title ? { title, ...schema } : schema;
}

function jsonType(type: JsonType): Record<string, unknown> {
  if (type === "string") return { type: "string" };
  if (type === "integer") return { type: "integer" };
  if (type === "flag") return { type: "integer", enum: [0, 1] };
  if ("arrayOf" in type) return { type: "array", items: { type: type.arrayOf } };
  return { type: "array", items: strictObjectSchema(undefined, type.array) };
}

/**
 * Checks that numbered items answer every number 1..n exactly once: a judge that skips or
 * repeats an item must be asked again, not silently scored on fewer items.
 */
export function coversEachOnce(numbers: readonly number[], n: number, what: string): string | undefined {
  const seen = new Set<number>();
  for (const k of numbers) {
    if (k < 1 || k > n) return `${what} ${k} does not exist (there are ${n})`;
    if (seen.has(k)) return `${what} ${k} is answered twice`;
    seen.add(k);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !seen.has(k));
  return missing.length ? `no verdict for ${what} ${missing.join(", ")}` : undefined;
}
